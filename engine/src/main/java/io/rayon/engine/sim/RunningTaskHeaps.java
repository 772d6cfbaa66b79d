package io.rayon.engine.sim;

import java.util.Arrays;

/**
 * Per node, a min-heap of the tasks running on it keyed by the node's progress clock at their next
 * phase end ({@code key[t]}, ties by task index so runs repeat). The keys live in the task table's
 * array, shared: after the key of a node's top task grows, {@link #topKeyIncreased} restores the
 * order. Each task's position is kept, so a task leaves its node in O(log n).
 */
final class RunningTaskHeaps {
  private final int[][] heap;
  private final int[] size;
  private final int[] pos;
  private final double[] key;

  /** Heaps for {@code nodes} nodes over {@code key.length} tasks; no task is in a heap. */
  RunningTaskHeaps(int nodes, double[] key) {
    this.key = key;
    heap = new int[nodes][];
    size = new int[nodes];
    for (int i = 0; i < nodes; i++) heap[i] = new int[8];
    pos = new int[key.length];
    Arrays.fill(pos, -1);
  }

  int size(int n) {
    return size[n];
  }

  /** The task with the smallest key on node {@code n}; only when {@link #size} is positive. */
  int top(int n) {
    return heap[n][0];
  }

  private boolean keyLess(int a, int b) {
    return key[a] < key[b] || (key[a] == key[b] && a < b);
  }

  void push(int n, int t) {
    int[] h = heap[n];
    int s = size[n];
    if (s == h.length) {
      h = Arrays.copyOf(h, s * 2);
      heap[n] = h;
    }
    size[n] = s + 1;
    h[s] = t;
    pos[t] = s;
    siftUp(n, s);
  }

  /** Takes task {@code t} off node {@code n}'s heap. */
  void remove(int n, int t) {
    int p = pos[t];
    int[] h = heap[n];
    int s = --size[n];
    pos[t] = -1;
    if (p < s) {
      int moved = h[s];
      h[p] = moved;
      pos[moved] = p;
      siftUp(n, p);
      siftDown(n, pos[moved]);
    }
  }

  /** The key of node {@code n}'s top task grew (its next phase end): moves it down to its place. */
  void topKeyIncreased(int n) {
    siftDown(n, 0);
  }

  private void siftUp(int n, int i) {
    int[] h = heap[n];
    int t = h[i];
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!keyLess(t, h[parent])) break;
      h[i] = h[parent];
      pos[h[i]] = i;
      i = parent;
    }
    h[i] = t;
    pos[t] = i;
  }

  private void siftDown(int n, int i) {
    int[] h = heap[n];
    int s = size[n];
    int t = h[i];
    int half = s >>> 1;
    while (i < half) {
      int c = 2 * i + 1;
      if (c + 1 < s && keyLess(h[c + 1], h[c])) c++;
      if (!keyLess(h[c], t)) break;
      h[i] = h[c];
      pos[h[i]] = i;
      i = c;
    }
    h[i] = t;
    pos[t] = i;
  }
}
