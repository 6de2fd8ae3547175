/**
 * Repetition clusters for the curriculum reward (docs/algorithms.md §3.4): BLEU distances between
 * questions and average-linkage (UPGMA) agglomerative clustering with a distance threshold, equal
 * in partition to scikit-learn's `AgglomerativeClustering(n_clusters=None, distance_threshold=0.5,
 * metric="precomputed", linkage="average")`.
 */
import { sentenceBleu, whitespaceTokens } from './bleu';

/**
 * d_ij = d_ji = 1 − BLEU(hyp = q_i, refs = [q_j]) computed once for each pair i < j, d_ii = 0.
 * (BLEU is asymmetric; like Agent0 the upper triangle is computed and mirrored.)
 */
export function bleuDistanceMatrix(questions: readonly string[]): number[][] {
  const tokens = questions.map(whitespaceTokens);
  const n = questions.length;
  const d = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const v = 1 - sentenceBleu(tokens[i] as string[], [tokens[j] as string[]]);
      (d[i] as number[])[j] = v;
      (d[j] as number[])[i] = v;
    }
  }
  return d;
}

export interface Merge {
  /** Cluster ids merged (leaves are 0..n−1, the k-th merge creates id n + k). */
  a: number;
  b: number;
  /** Average linkage distance at which they merged. */
  distance: number;
  size: number;
}

export interface Clustering {
  /** Cluster label per item, numbered 0, 1, … in order of each cluster's first member. */
  labels: number[];
  /** Size of each label's cluster. */
  sizes: number[];
  merges: Merge[];
}

/**
 * Average linkage: the distance between clusters A and B is the mean of d(a, b) over all a ∈ A,
 * b ∈ B (kept exact through the Lance–Williams update d(k, A∪B) = (|A|·d(k,A) + |B|·d(k,B)) / (|A|+|B|)).
 * Repeatedly merge the closest pair while its distance is strictly below the threshold.
 */
export function averageLinkageClusters(distances: readonly (readonly number[])[], threshold: number): Clustering {
  const n = distances.length;
  distances.forEach((row, i) => {
    if (row.length !== n) throw new Error(`averageLinkageClusters: row ${i} has ${row.length} entries, expected ${n}.`);
    row.forEach((v, j) => {
      if (!Number.isFinite(v) || v < 0)
        throw new Error(`averageLinkageClusters: d[${i}][${j}] = ${v} is not a distance.`);
    });
  });
  const d = distances.map((row) => row.slice());
  const active = new Array<boolean>(n).fill(true);
  const size = new Array<number>(n).fill(1);
  const id = Array.from({ length: n }, (_, i) => i);
  const members = Array.from({ length: n }, (_, i) => [i]);
  const merges: Merge[] = [];
  for (;;) {
    let bi = -1;
    let bj = -1;
    let best = Infinity;
    for (let i = 0; i < n; i++) {
      if (!active[i]) continue;
      const row = d[i] as number[];
      for (let j = i + 1; j < n; j++) {
        if (active[j] && (row[j] as number) < best) {
          best = row[j] as number;
          bi = i;
          bj = j;
        }
      }
    }
    if (bi < 0 || !(best < threshold)) break;
    const si = size[bi] as number;
    const sj = size[bj] as number;
    for (let k = 0; k < n; k++) {
      if (!active[k] || k === bi || k === bj) continue;
      const v = (si * (d[bi] as number[])[k]! + sj * (d[bj] as number[])[k]!) / (si + sj);
      (d[bi] as number[])[k] = v;
      (d[k] as number[])[bi] = v;
    }
    merges.push({ a: id[bi] as number, b: id[bj] as number, distance: best, size: si + sj });
    active[bj] = false;
    size[bi] = si + sj;
    id[bi] = n + merges.length - 1;
    (members[bi] as number[]).push(...(members[bj] as number[]));
  }
  const labels = new Array<number>(n).fill(-1);
  const sizes: number[] = [];
  for (let i = 0; i < n; i++) {
    if (labels[i] !== -1) continue;
    const root = members.findIndex((m, k) => active[k] && m.includes(i));
    const label = sizes.length;
    for (const m of members[root] as number[]) labels[m] = label;
    sizes.push((members[root] as number[]).length);
  }
  return { labels, sizes, merges };
}

/** penalty share per question of a clustering: |cluster(i)| / batch size. */
export function sharesOf({ labels, sizes }: Pick<Clustering, 'labels' | 'sizes'>): number[] {
  return labels.map((l) => (sizes[l] as number) / labels.length);
}

/** penalty share per question: |cluster(i)| / batch size (batch of 0 → [], of 1 → [1]). */
export function clusterShares(questions: readonly string[], threshold: number): number[] {
  if (questions.length === 0) return [];
  return sharesOf(averageLinkageClusters(bleuDistanceMatrix(questions), threshold));
}
