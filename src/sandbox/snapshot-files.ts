/**
 * The in-memory file system's pristine state (snapshot.ts does the interpreter's memory): Emscripten
 * keeps the file tree, the open files and the current directory in JS objects, outside the
 * WebAssembly memory, so they are saved and put back here, by the same rule: whatever a program
 * wrote, created, renamed, deleted or left open anywhere in the tree (scratch or not), the next
 * program finds the tree as it was after start-up.
 *
 * Saved: every node the file system knows (its name table), with its parent, name, mode, times,
 * link target and contents (a directory's entries copied; a file's bytes by reference), the table
 * of open files with each one's position and flags, and the current directory. Put back: those
 * fields, the entries of every saved directory (so new files vanish and deleted ones return), the
 * name table rebuilt from the saved nodes alone, the open-file table and the current directory.
 * A saved file's bytes are copied before a program's first write to them (copy on write, in the
 * one write operation every MEMFS file goes through), so the saved bytes never change.
 */

/** One node of Emscripten's file system, as far as the snapshot touches it. */
interface FsNode {
  parent: FsNode;
  name: string;
  mode: number;
  atime: number;
  mtime: number;
  ctime: number;
  link?: string;
  mounted: unknown;
  contents?: Uint8Array | Record<string, FsNode>;
  usedBytes?: number;
  name_next?: FsNode | null;
}

/** One open file (Emscripten's FSStream: position and flags live in a `shared` record). */
interface FsStream {
  node: FsNode;
  fd: number | null;
  shared: { position?: number; flags?: number };
}

/** The parts of Emscripten's FS object the snapshot reads and writes. */
export interface FileSystem {
  nameTable: (FsNode | null | undefined)[];
  streams: (FsStream | null | undefined)[];
  currentPath: string;
  hashAddNode(node: FsNode): void;
  filesystems: { MEMFS: { ops_table: { file: { stream: { write: (...args: never[]) => number } } } } };
}

interface SavedNode {
  node: FsNode;
  fields: Omit<FsNode, 'name_next' | 'contents'>;
  contents: FsNode['contents'];
}

const isFileBytes = (contents: FsNode['contents']): contents is Uint8Array => contents instanceof Uint8Array;

/** Saves the file system now; `restore` puts it back as it was. */
export function snapshotFiles(fs: FileSystem): { restore(): void } {
  const saved = new Map<FsNode, SavedNode>();
  for (const head of fs.nameTable) {
    for (let node = head; node; node = node.name_next) {
      const { parent, name, mode, atime, mtime, ctime, link, mounted, usedBytes, contents } = node;
      saved.set(node, {
        node,
        fields: { parent, name, mode, atime, mtime, ctime, link, mounted, usedBytes },
        contents: isFileBytes(contents) || contents === undefined ? contents : { ...contents },
      });
    }
  }
  const streams = fs.streams.slice();
  const places = streams.map((stream) => (stream ? { fd: stream.fd, shared: { ...stream.shared } } : null));
  const cwd = fs.currentPath;

  // Copy on write: a program's first write to a saved file's bytes goes to a copy of them.
  const ops = fs.filesystems.MEMFS.ops_table.file.stream;
  const write = ops.write as (...args: unknown[]) => number;
  ops.write = function (this: unknown, ...args: unknown[]): number {
    const node = (args[0] as FsStream).node;
    const pristine = saved.get(node)?.contents;
    if (pristine !== undefined && node.contents === pristine && isFileBytes(pristine)) node.contents = pristine.slice();
    return write.apply(this, args);
  } as never;

  return {
    restore() {
      fs.nameTable.fill(null);
      for (const { node, fields, contents } of saved.values()) {
        Object.assign(node, fields);
        node.contents = isFileBytes(contents) || contents === undefined ? contents : { ...contents };
        node.name_next = null;
        fs.hashAddNode(node);
      }
      fs.streams.length = 0;
      streams.forEach((stream, fd) => {
        fs.streams[fd] = stream;
        const place = places[fd];
        if (!stream || !place) return;
        stream.fd = place.fd;
        Object.assign(stream.shared, place.shared);
      });
      fs.currentPath = cwd;
    },
  };
}
