package io.rayon.engine.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The simulator's one event queue: ordered by (time, kind, sequence); keys can be moved earlier or
 * later and entries removed. Checked by hand on ties and against a plain {@link PriorityQueue} with
 * the same comparator on generated operation sequences.
 */
class EventQueueTest {

  @Test
  void atEqualTimesNodesComeFirstThenArrivalOutageAndHeartbeat() {
    EventQueue q = new EventQueue(3);
    q.set(EventQueue.HEARTBEAT, 10);
    q.set(EventQueue.OUTAGE, 10);
    q.set(EventQueue.ARRIVAL, 10);
    q.setNode(2, 10);
    q.setNode(1, 10);
    List<String> order = new ArrayList<>();
    while (!q.isEmpty()) {
      assertThat(q.nextTime()).isEqualTo(10);
      int kind = q.nextKind();
      if (kind == EventQueue.NODE) {
        order.add("node" + q.nextNode());
        q.removeNode(q.nextNode());
      } else {
        order.add("kind" + kind);
        q.remove(kind);
      }
    }
    assertThat(order).containsExactly("node1", "node2", "kind1", "kind2", "kind3");
  }

  @Test
  void anEarlierTimeWinsOverKindAndKeysMoveBothWays() {
    EventQueue q = new EventQueue(4);
    q.set(EventQueue.HEARTBEAT, 3);
    q.setNode(0, 5);
    q.setNode(3, 4);
    assertThat(q.nextKind()).isEqualTo(EventQueue.HEARTBEAT);
    q.setNode(0, 1); // decrease
    assertThat(q.nextKind()).isEqualTo(EventQueue.NODE);
    assertThat(q.nextNode()).isZero();
    q.setNode(0, 9); // increase
    assertThat(q.nextKind()).isEqualTo(EventQueue.HEARTBEAT);
    q.set(EventQueue.HEARTBEAT, 6);
    assertThat(q.nextNode()).isEqualTo(3);
    assertThat(q.nextTime()).isEqualTo(4);
    q.removeNode(3);
    assertThat(q.nextTime()).isEqualTo(6);
    assertThat(q.hasNodeEvents()).isTrue();
    q.removeNode(0);
    assertThat(q.hasNodeEvents()).isFalse();
    assertThat(q.time(EventQueue.ARRIVAL)).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(q.time(EventQueue.HEARTBEAT)).isEqualTo(6);
    q.removeNode(0); // absent: nothing happens
    q.remove(EventQueue.HEARTBEAT);
    assertThat(q.isEmpty()).isTrue();
    assertThat(q.nextTime()).isEqualTo(Double.POSITIVE_INFINITY);
  }

  @Test
  void nodeIsNotAStreamKind() {
    EventQueue q = new EventQueue(2);
    assertThatThrownBy(() -> q.set(EventQueue.NODE, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> q.time(4)).isInstanceOf(IllegalArgumentException.class);
  }

  /** One operation: set (kind, node, time), remove (kind, node) or take the first event off. */
  record Op(int what, int kind, int node, double time) {}

  /** An entry of the reference queue. */
  record Entry(double time, int kind, int seq) {}

  static final Comparator<Entry> ORDER =
      Comparator.comparingDouble(Entry::time)
          .thenComparingInt(Entry::kind)
          .thenComparingInt(Entry::seq);

  @Provide
  Arbitrary<List<Op>> ops() {
    // few distinct times so that ties between kinds and nodes are common; a few infinite ones
    Arbitrary<Double> time =
        Arbitraries.oneOf(
            Arbitraries.integers().between(0, 6).map(Integer::doubleValue),
            Arbitraries.doubles().between(0, 6),
            Arbitraries.just(Double.POSITIVE_INFINITY));
    Arbitrary<Op> op =
        Combinators.combine(
                Arbitraries.integers().between(0, 2),
                Arbitraries.integers().between(0, 3),
                Arbitraries.integers().between(0, 7),
                time)
            .as(Op::new);
    return op.list().ofMaxSize(200);
  }

  @Property(tries = 300, seed = "20261127")
  void behavesLikeAPriorityQueueWithTheSameComparator(
      @ForAll @IntRange(min = 1, max = 8) int nodes, @ForAll("ops") List<Op> ops) {
    EventQueue q = new EventQueue(nodes);
    PriorityQueue<Entry> ref = new PriorityQueue<>(ORDER);
    Map<String, Entry> present = new HashMap<>();
    for (Op op : ops) {
      int seq = op.kind() == EventQueue.NODE ? op.node() % nodes : 0;
      String id = op.kind() + "/" + seq;
      switch (op.what()) {
        case 0 -> {
          if (op.kind() == EventQueue.NODE) q.setNode(seq, op.time());
          else q.set(op.kind(), op.time());
          Entry old = present.put(id, new Entry(op.time(), op.kind(), seq));
          if (old != null) ref.remove(old);
          ref.add(present.get(id));
        }
        case 1 -> {
          if (op.kind() == EventQueue.NODE) q.removeNode(seq);
          else q.remove(op.kind());
          Entry old = present.remove(id);
          if (old != null) ref.remove(old);
        }
        default -> {
          if (ref.isEmpty()) {
            assertThat(q.isEmpty()).isTrue();
            continue;
          }
          Entry first = ref.poll();
          present.remove(first.kind() + "/" + first.seq());
          assertThat(q.nextKind()).isEqualTo(first.kind());
          if (first.kind() == EventQueue.NODE) {
            assertThat(q.nextNode()).isEqualTo(first.seq());
            q.removeNode(first.seq());
          } else {
            q.remove(first.kind());
          }
        }
      }
      Entry head = ref.peek();
      assertThat(q.nextTime()).isEqualTo(head == null ? Double.POSITIVE_INFINITY : head.time());
      if (head != null) {
        assertThat(q.nextKind()).isEqualTo(head.kind());
        if (head.kind() == EventQueue.NODE) assertThat(q.nextNode()).isEqualTo(head.seq());
      }
      assertThat(q.hasNodeEvents())
          .isEqualTo(ref.stream().anyMatch(e -> e.kind() == EventQueue.NODE));
      for (int k = EventQueue.ARRIVAL; k <= EventQueue.HEARTBEAT; k++) {
        Entry e = present.get(k + "/0");
        assertThat(q.time(k)).isEqualTo(e == null ? Double.POSITIVE_INFINITY : e.time());
      }
    }
    // drains in the reference's order
    while (!ref.isEmpty()) {
      Entry first = ref.poll();
      assertThat(q.nextTime()).isEqualTo(first.time());
      assertThat(q.nextKind()).isEqualTo(first.kind());
      if (first.kind() == EventQueue.NODE) {
        assertThat(q.nextNode()).isEqualTo(first.seq());
        q.removeNode(first.seq());
      } else {
        q.remove(first.kind());
      }
    }
    assertThat(q.isEmpty()).isTrue();
  }
}
