package io.rayon.engine.sim;

import java.util.Arrays;

/**
 * The eligible tasks waiting for a container, ordered by production jobs first, then creation time,
 * then task index (a crashed or preempted task keeps its place). Without a {@link QueueDiscipline}
 * one heap holds them all (the simulator's FIFO pass takes its head); with one, each job has its
 * own heap in the same order and the discipline chooses the job. Reads the task table's rank and
 * creation arrays; holds task indices only.
 */
final class ReadyQueue {
  private final byte[] rank;
  private final double[] created;
  private final boolean perJob;
  private int[] queue = new int[1024];
  private int size;
  private final int[][] jobQueue;
  private final int[] jobQueueSize;

  /** A queue over {@code tasks}; {@code perJob}: one heap per job (for a queue discipline). */
  ReadyQueue(TaskTable tasks, boolean perJob) {
    this.rank = tasks.rank;
    this.created = tasks.created;
    this.perJob = perJob;
    int jobs = tasks.jobs.size();
    jobQueue = perJob ? new int[jobs][] : null;
    jobQueueSize = perJob ? new int[jobs] : null;
  }

  /** Queued tasks in all. */
  int size() {
    return size;
  }

  /** Queued tasks of {@code job} (0 without per-job heaps). */
  int size(int job) {
    return jobQueueSize == null ? 0 : jobQueueSize[job];
  }

  /** Queues task {@code t} of job {@code job}. */
  void add(int t, int job) {
    if (perJob) {
      jobAdd(job, t);
      size++;
      return;
    }
    if (size == queue.length) queue = Arrays.copyOf(queue, size * 2);
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!less(t, queue[parent])) break;
      queue[i] = queue[parent];
      i = parent;
    }
    queue[i] = t;
  }

  /** The first task (one heap only); only when {@link #size()} is positive. */
  int head() {
    return queue[0];
  }

  /** Takes the first task off (one heap only). */
  void poll() {
    int last = queue[--size];
    if (size == 0) return;
    int i = 0;
    int half = size >>> 1;
    while (i < half) {
      int c = 2 * i + 1;
      if (c + 1 < size && less(queue[c + 1], queue[c])) c++;
      if (!less(queue[c], last)) break;
      queue[i] = queue[c];
      i = c;
    }
    queue[i] = last;
  }

  /** The first task of {@code job}; only when {@link #size(int)} is positive. */
  int head(int job) {
    return jobQueue[job][0];
  }

  /** Takes {@code job}'s first task off and returns it. */
  int poll(int job) {
    size--;
    int[] q = jobQueue[job];
    int top = q[0];
    int n = --jobQueueSize[job];
    if (n == 0) return top;
    int last = q[n];
    int i = 0;
    int half = n >>> 1;
    while (i < half) {
      int c = 2 * i + 1;
      if (c + 1 < n && less(q[c + 1], q[c])) c++;
      if (!less(q[c], last)) break;
      q[i] = q[c];
      i = c;
    }
    q[i] = last;
    return top;
  }

  private void jobAdd(int job, int t) {
    int[] q = jobQueue[job];
    if (q == null) q = jobQueue[job] = new int[4];
    int n = jobQueueSize[job];
    if (n == q.length) q = jobQueue[job] = Arrays.copyOf(q, n * 2);
    int i = n;
    jobQueueSize[job] = n + 1;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!less(t, q[parent])) break;
      q[i] = q[parent];
      i = parent;
    }
    q[i] = t;
  }

  private boolean less(int a, int b) {
    if (rank[a] != rank[b]) return rank[a] < rank[b];
    if (created[a] != created[b]) return created[a] < created[b];
    return a < b;
  }
}
