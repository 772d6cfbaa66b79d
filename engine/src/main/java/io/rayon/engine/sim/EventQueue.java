package io.rayon.engine.sim;

/**
 * The simulator's event queue: one indexed min-heap holding every kind of pending event, ordered by
 * (time, kind, sequence), so the run is deterministic. The kinds, in their order at equal times:
 *
 * <ol>
 *   <li>{@link #NODE}: a node's next task phase end (a task moves to its next usage phase or ends),
 *       one entry per node with running tasks, sequence = the node's index; its time changes as the
 *       node's tasks and speed change;
 *   <li>{@link #ARRIVAL}: the next job arrival. Jobs arrive in one stream, sorted by arrival time,
 *       so only the stream's head is in the queue;
 *   <li>{@link #OUTAGE}: the next node failure or recovery, a stream likewise;
 *   <li>{@link #HEARTBEAT}: the next heartbeat (always present).
 * </ol>
 *
 * <p>The heap's slots are the nodes 0..n−1 followed by one slot per stream kind; a slot's rank is
 * its index, which is exactly the (kind, sequence) order. Every change is O(log n).
 */
final class EventQueue {
  static final int NODE = 0;
  static final int ARRIVAL = 1;
  static final int OUTAGE = 2;
  static final int HEARTBEAT = 3;

  private final int nodes;
  private final IndexedMinHeap heap;

  /** An empty queue for {@code nodes} nodes. */
  EventQueue(int nodes) {
    this.nodes = nodes;
    int slots = nodes + HEARTBEAT;
    int[] rank = new int[slots];
    for (int i = 0; i < slots; i++) rank[i] = i;
    heap = new IndexedMinHeap(slots, rank);
  }

  /** Node {@code n}'s next event is at {@code time} (replacing the one it had). */
  void setNode(int n, double time) {
    heap.set(n, time);
  }

  /** Node {@code n} has no pending event any more. */
  void removeNode(int n) {
    heap.remove(n);
  }

  /**
   * The stream {@code kind}'s ({@link #ARRIVAL}, {@link #OUTAGE}, {@link #HEARTBEAT}) next event is
   * at {@code time}.
   */
  void set(int kind, double time) {
    heap.set(slot(kind), time);
  }

  /** The stream {@code kind} has no pending event any more. */
  void remove(int kind) {
    heap.remove(slot(kind));
  }

  /** Time of the stream {@code kind}'s next event; positive infinity when it has none. */
  double time(int kind) {
    return heap.keyOf(slot(kind));
  }

  /** True when some node has a pending event. */
  boolean hasNodeEvents() {
    int streams = 0;
    for (int k = ARRIVAL; k <= HEARTBEAT; k++) {
      if (heap.contains(slot(k))) streams++;
    }
    return heap.size() > streams;
  }

  boolean isEmpty() {
    return heap.isEmpty();
  }

  /** Time of the first event; positive infinity when the queue is empty. */
  double nextTime() {
    return heap.topKey();
  }

  /** Kind of the first event; only when the queue is not empty. */
  int nextKind() {
    int s = heap.top();
    return s < nodes ? NODE : s - nodes + 1;
  }

  /** The node of the first event, when its kind is {@link #NODE}. */
  int nextNode() {
    return heap.top();
  }

  private int slot(int kind) {
    if (kind <= NODE || kind > HEARTBEAT)
      throw new IllegalArgumentException("not a stream kind: " + kind);
    return nodes + kind - 1;
  }
}
