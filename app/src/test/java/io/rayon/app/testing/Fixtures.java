package io.rayon.app.testing;

import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.cluster.Queue;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import java.util.List;

/** Small scenarios for app tests. */
public final class Fixtures {
  private Fixtures() {}

  public static Scenario smallScenario() {
    Cluster c = Cluster.of("test-cluster", NodeGroup.of("w", 4, Resources.of(8192, 8)));
    Queue root =
        new Queue("root", 1, 1, 1, false, List.of(Queue.leaf("dedicated", 0.7, 1, true), Queue.leaf("batch", 0.3, 1, false)));
    ReservationRequest r1 =
        new ReservationRequest("r1", "etl", "alice", "dedicated", Rdl.window(Rdl.atom(Resources.of(1024, 1), 1, 4, 2, 16), 0, 20), 1, 0);
    ReservationRequest r2 =
        new ReservationRequest(
            "r2", "train", "bob", "dedicated",
            Rdl.window(Rdl.order(Rdl.atom(Resources.of(2048, 2), 2, 4, 3, 12), Rdl.atom(Resources.of(1024, 1), 1, 2, 1, 4)), 0, 40),
            0, 0);
    return new Scenario(Scenario.FORMAT_VERSION, "small", "test scenario", 60, 60, c, root, List.of("alice", "bob"), null,
        List.of(r1, r2), null, null);
  }
}
