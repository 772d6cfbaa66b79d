package io.rayon.testsupport;

import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.cluster.Queue;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlParseException;
import io.rayon.model.rdl.RdlParser;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import java.util.List;

/**
 * Small model objects every module's tests build on: clusters, reservation requests written in RDL
 * text, and a small two-queue scenario. (The model module's own tests cannot use them: this module
 * builds on the model.)
 */
public final class Fixtures {
  private Fixtures() {}

  /** A cluster of {@code nodes} identical nodes of (memoryMB, vcores). */
  public static Cluster cluster(int nodes, long memoryMB, long vcores) {
    return Cluster.of("c", NodeGroup.of("n", nodes, Resources.of(memoryMB, vcores)));
  }

  /** A request of user alice in queue default, arriving at step 0, from RDL text. */
  public static ReservationRequest request(String id, String rdl) {
    return request(id, "alice", rdl);
  }

  /** A request of {@code user} in queue default, arriving at step 0, from RDL text. */
  public static ReservationRequest request(String id, String user, String rdl) {
    return new ReservationRequest(id, id, user, "default", rdl(rdl), 0, 0);
  }

  /** Parses RDL text; a test's malformed RDL is a bug in the test, thrown unchecked. */
  public static Rdl rdl(String text) {
    try {
      return RdlParser.parse(text, "test");
    } catch (RdlParseException e) {
      throw new IllegalArgumentException("bad RDL in a test: " + e.getMessage(), e);
    }
  }

  /**
   * Four nodes of 8 GB / 8 vcores, queues dedicated (reservable, 70%) and batch (30%), users alice
   * and bob, two reservations r1 (etl, one atom) and r2 (train, an order of two atoms), one-minute
   * steps over an hour.
   */
  public static Scenario smallScenario() {
    Cluster c = Cluster.of("test-cluster", NodeGroup.of("w", 4, Resources.of(8192, 8)));
    Queue root =
        new Queue(
            "root",
            1,
            1,
            1,
            false,
            List.of(Queue.leaf("dedicated", 0.7, 1, true), Queue.leaf("batch", 0.3, 1, false)));
    ReservationRequest r1 =
        new ReservationRequest(
            "r1",
            "etl",
            "alice",
            "dedicated",
            Rdl.window(Rdl.atom(Resources.of(1024, 1), 1, 4, 2, 16), 0, 20),
            1,
            0);
    ReservationRequest r2 =
        new ReservationRequest(
            "r2",
            "train",
            "bob",
            "dedicated",
            Rdl.window(
                Rdl.order(
                    Rdl.atom(Resources.of(2048, 2), 2, 4, 3, 12),
                    Rdl.atom(Resources.of(1024, 1), 1, 2, 1, 4)),
                0,
                40),
            0,
            0);
    return new Scenario(
        Scenario.FORMAT_VERSION,
        "small",
        "test scenario",
        60,
        60,
        c,
        root,
        List.of("alice", "bob"),
        null,
        List.of(r1, r2),
        null,
        null);
  }
}
