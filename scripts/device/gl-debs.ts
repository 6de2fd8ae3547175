/**
 * Debian's Vulkan loader and GL dispatch libraries for amd64, downloaded into .gl/ (ignored by git)
 * with their own package lists, nothing installed here: the device machine lacks them, and the
 * NVIDIA driver's Vulkan ICD (libGLX_nvidia.so.0) does not load without libglvnd0 (the device tool's
 * README). The device scripts unpack them there (webgpu-bench.sh, page-bench.sh).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';

const GL_PACKAGES = ['libvulkan1', 'libglvnd0', 'libegl1', 'libgl1', 'libglx0', 'libopengl0', 'libgles2'];

/** Downloads into .gl/ whichever of the packages is not there yet; returns the files there. */
export function ensureGlDebs(): string[] {
  const present = existsSync('.gl') ? readdirSync('.gl') : [];
  const missing = GL_PACKAGES.filter((p) => !present.some((f) => f.startsWith(`${p}_`)));
  if (missing.length > 0) {
    mkdirSync('.gl', { recursive: true });
    mkdirSync('/tmp/amd64/partial', { recursive: true });
    const apt = ['-oAPT::Architecture=amd64', '-oAPT::Architectures=amd64', '-oDir::State::Lists=/tmp/amd64'];
    execFileSync('apt-get', [...apt, '-qq', 'update'], { stdio: 'inherit' });
    execFileSync('apt-get', [...apt, '-qq', 'download', ...missing], { cwd: '.gl', stdio: 'inherit' });
  }
  return readdirSync('.gl');
}
