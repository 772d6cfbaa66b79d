package io.rayon.engine.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.testsupport.Fixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * {@link CapacityOverTimePolicy#check}'s average test read run by run ({@code checkByRuns}, which
 * always reads by runs, and {@code check}, which does so when the range has few runs) against the
 * step-by-step reading ({@link CapacityOverTimePolicy#checkByScan}): the same verdict and the same
 * reason (window, dimension, numbers) on seeded plans with caps below 100%, windows from one step
 * to longer than the horizon, proposals touching either edge of the horizon, long and short runs,
 * capacity gains and losses, and users held at exactly the average cap (where the double product
 * rounds).
 */
class AverageByRunsPropertiesTest {
  private static final Resources NODE = Resources.of(8192, 8);
  private static final Resources[] BUNDLES = {
    Resources.of(1024, 1), Resources.of(4096, 1), Resources.of(8192, 8), Resources.of(1024, 4)
  };

  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  @Property(tries = 2500)
  void theAverageTestByRunsGivesTheVerdictAndReasonOfTheScan(@ForAll("seeds") long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    long horizon = rnd.nextInt(4) == 0 ? 200 + rnd.nextInt(2000) : 1 + rnd.nextInt(150);
    int nodes = 1 + rnd.nextInt(10);
    Plan plan = Plan.empty(NODE.times(nodes), horizon, 60);
    int changes = rnd.nextInt(4);
    for (int i = 0; i < changes; i++) {
      boolean gain = rnd.nextBoolean() || plan.capacityAt(0).memoryMB() <= 8192;
      try {
        plan.changeCapacity(
            new CapacityChange(
                rnd.nextLong(horizon), gain ? NODE : Resources.ZERO.minus(NODE), "change"));
      } catch (IllegalArgumentException e) {
        // it would take the capacity below zero somewhere: the plan stays as it was
      }
    }
    int existing = rnd.nextInt(15);
    for (int i = 0; i < existing; i++) {
      ReservationRequest r =
          Fixtures.request("e" + i, "u" + rnd.nextInt(3), "atom(<1024,1>,1,4,1,4)");
      ReservationAllocation a = randomAllocation(rnd, r.id(), horizon, nodes);
      if (rnd.nextInt(5) == 0) plan.add(r, a); // may go over the capacity
      else plan.addIfFits(r, a);
    }
    double inst =
        switch (rnd.nextInt(4)) {
          case 0 -> 0.5;
          case 1 -> 0.8;
          case 2 -> 0.75;
          default -> 1.0;
        };
    double avg =
        switch (rnd.nextInt(5)) {
          case 0 -> inst; // 100% of the instantaneous cap
          case 1 -> Math.min(inst, 0.5);
          case 2 -> Math.min(inst, 0.8); // 0.8 rounds: users at exactly 80% sit on the edge
          case 3 -> Math.min(inst, 0.25);
          default -> inst * (0.05 + 0.95 * rnd.nextDouble());
        };
    long window =
        switch (rnd.nextInt(5)) {
          case 0 -> 1;
          case 1 -> horizon + 1 + rnd.nextLong(horizon + 1); // longer than the horizon
          case 2 -> horizon;
          default -> 1 + rnd.nextLong(2 * horizon);
        };
    CapacityOverTimePolicy p = new CapacityOverTimePolicy(inst, avg, window, "cot");
    ReservationRequest req = Fixtures.request("p", "u" + rnd.nextInt(3), "atom(<1024,1>,1,4,1,4)");
    for (int k = 0; k < 6; k++) {
      ReservationAllocation proposal =
          switch (rnd.nextInt(4)) {
            case 0 -> edgeAllocation(rnd, "p", horizon, nodes, true);
            case 1 -> edgeAllocation(rnd, "p", horizon, nodes, false);
            default -> randomAllocation(rnd, "p", horizon, nodes);
          };
      Optional<Rejection> slow = p.checkByScan(plan, req, proposal);
      assertThat(p.checkByRuns(plan, req, proposal))
          .as("by runs: seed %d, policy %s/%s/%d, proposal %s", seed, inst, avg, window, proposal)
          .isEqualTo(slow);
      assertThat(p.check(plan, req, proposal))
          .as("check: seed %d, policy %s/%s/%d, proposal %s", seed, inst, avg, window, proposal)
          .isEqualTo(slow);
      InstantaneousPolicy ip = new InstantaneousPolicy(inst);
      assertThat(ip.checkInstantaneousByRuns(plan, req, proposal))
          .as("instantaneous by runs: seed %d, cap %s, proposal %s", seed, inst, proposal)
          .isEqualTo(ip.checkByScan(plan, req, proposal));
      Statistics.label("verdict")
          .collect(
              slow.map(r -> r.message().contains("-steps in the window") ? "average" : "instant")
                  .orElse("accepted"));
    }
    Statistics.label("verdict")
        .coverage(
            c -> {
              c.check("average").percentage(q -> q >= 5);
              c.check("accepted").percentage(q -> q >= 10);
            });
  }

  /**
   * Users held at exactly the average cap all along, with capacity changes, at a rounding average
   * (80%) and an exact one (50%): every window sits on the edge of the test.
   */
  @Test
  void usersAtExactlyTheCapAgreeWithTheScan() {
    for (double avg : new double[] {0.8, 0.5, 0.3, 0.1 + 0.2}) {
      for (long window : new long[] {1, 7, 60, 500}) {
        Plan plan = Plan.empty(NODE.times(5), 300, 60);
        plan.changeCapacity(new CapacityChange(100, NODE.times(5), "gain"));
        plan.changeCapacity(new CapacityChange(200, Resources.ZERO.minus(NODE.times(5)), "loss"));
        // 5 nodes = 40,960 MB, 80% = 32,768 MB = 32 bundles; 10 nodes: 64 bundles
        long per5 = (long) Math.floor(avg * 40960 / 1024);
        ReservationRequest r = Fixtures.request("e", "alice", "atom(<1024,1>,1,4,1,4)");
        plan.add(
            r,
            new ReservationAllocation(
                "e",
                List.of(
                    new AtomAllocation(
                        "",
                        Resources.of(1024, 1),
                        List.of(
                            new Step(0, 100, per5),
                            new Step(100, 200, 2 * per5),
                            new Step(200, 250, per5))))));
        CapacityOverTimePolicy p = new CapacityOverTimePolicy(1.0, avg, window, "cot");
        ReservationRequest q = Fixtures.request("q", "alice", "atom(<1024,1>,1,1,1,1)");
        for (long[] s : new long[][] {{250, 300, per5}, {250, 300, per5 + 1}, {0, 300, 0}}) {
          for (long extra : new long[] {0, 1}) {
            ReservationAllocation prop =
                new ReservationAllocation(
                    "q",
                    List.of(
                        new AtomAllocation(
                            "",
                            Resources.of(1024, 1),
                            List.of(new Step(s[0], s[1], Math.max(1, s[2] + extra - 1))))));
            Optional<Rejection> slow = p.checkByScan(plan, q, prop);
            assertThat(p.checkByRuns(plan, q, prop))
                .as("avg %s window %d step %s", avg, window, List.of(s[0], s[1], s[2]))
                .isEqualTo(slow);
            assertThat(p.check(plan, q, prop)).isEqualTo(slow);
          }
        }
      }
    }
  }

  /** A one-step window is the average cap read as an instantaneous one, step by step. */
  @Test
  void aOneStepWindowNamesTheFirstStepOverTheAverage() {
    Plan plan = Plan.empty(NODE.times(2), 50, 60);
    CapacityOverTimePolicy p = new CapacityOverTimePolicy(1.0, 0.5, 1, "cot");
    ReservationRequest q = Fixtures.request("q", "bob", "atom(<1024,1>,1,1,1,1)");
    ReservationAllocation prop =
        new ReservationAllocation(
            "q",
            List.of(
                new AtomAllocation(
                    "", Resources.of(1024, 1), List.of(new Step(10, 20, 8), new Step(20, 30, 9)))));
    Optional<Rejection> r = p.check(plan, q, prop);
    assertThat(r).isEqualTo(p.checkByScan(plan, q, prop));
    assertThat(p.checkByRuns(plan, q, prop)).isEqualTo(r);
    assertThat(r).isPresent();
    assertThat(r.get().windowStart()).isEqualTo(20L);
    assertThat(r.get().windowFinish()).isEqualTo(21L);
  }

  /**
   * A window longer than the horizon, a proposal on both edges: the capacity continues the edge
   * values outside the horizon, the user holds nothing there.
   */
  @Test
  void aWindowLongerThanTheHorizonReadsTheEdgesLikeTheScan() {
    Plan plan = Plan.empty(NODE.times(4), 40, 60);
    plan.changeCapacity(new CapacityChange(20, Resources.ZERO.minus(NODE.times(3)), "loss"));
    ReservationRequest q = Fixtures.request("q", "bob", "atom(<1024,1>,1,1,1,1)");
    for (long window : new long[] {39, 40, 41, 79, 80, 81, 200}) {
      for (long n = 1; n <= 8; n++) {
        CapacityOverTimePolicy p = new CapacityOverTimePolicy(1.0, 0.3, window, "cot");
        ReservationAllocation prop =
            new ReservationAllocation(
                "q",
                List.of(
                    new AtomAllocation(
                        "",
                        Resources.of(4096, 1),
                        List.of(new Step(0, 5, n), new Step(35, 40, n)))));
        Optional<Rejection> slow = p.checkByScan(plan, q, prop);
        assertThat(p.checkByRuns(plan, q, prop))
            .as("window %d, %d bundles", window, n)
            .isEqualTo(slow);
        assertThat(p.check(plan, q, prop)).isEqualTo(slow);
      }
    }
  }

  /**
   * The instantaneous test by runs names the step the scan names: a segment that starts inside a
   * run of the user's holdings, a capacity loss in the middle of it (at a cap below 100%).
   */
  @Test
  void theInstantaneousTestByRunsNamesTheScansStep() {
    Plan plan = Plan.empty(NODE.times(2), 100, 60);
    plan.changeCapacity(new CapacityChange(30, Resources.ZERO.minus(NODE), "loss"));
    ReservationRequest e = Fixtures.request("e", "alice", "atom(<1024,1>,1,4,1,4)");
    plan.add(
        e,
        new ReservationAllocation(
            "e",
            List.of(
                new AtomAllocation(
                    "", Resources.of(1024, 1), List.of(new Step(0, 50, 4), new Step(50, 60, 1))))));
    InstantaneousPolicy ip = new InstantaneousPolicy(0.8);
    ReservationRequest q = Fixtures.request("q", "alice", "atom(<1024,1>,1,1,1,1)");
    // 80% of 2 nodes = 12 bundles, of 1 node = 6: 4 + 3 = 7 > 6 from step 30 on
    ReservationAllocation prop =
        new ReservationAllocation(
            "q",
            List.of(new AtomAllocation("", Resources.of(1024, 1), List.of(new Step(20, 80, 3)))));
    Optional<Rejection> slow = ip.checkByScan(plan, q, prop);
    assertThat(ip.checkInstantaneousByRuns(plan, q, prop)).isEqualTo(slow);
    assertThat(ip.check(plan, q, prop)).isEqualTo(slow);
    assertThat(slow).isPresent();
    assertThat(slow.get().windowStart()).isEqualTo(30L);
  }

  /**
   * The first violation is in the second dimension: the dimensions are read in the scan's order.
   */
  @Test
  void theDimensionOrderIsTheScans() {
    Plan plan = Plan.empty(NODE.times(2), 100, 60);
    CapacityOverTimePolicy p = new CapacityOverTimePolicy(1.0, 0.5, 10, "cot");
    ReservationRequest q = Fixtures.request("q", "bob", "atom(<1024,4>,1,1,1,1)");
    ReservationAllocation prop =
        new ReservationAllocation(
            "q",
            List.of(
                new AtomAllocation(
                    "", Resources.of(1024, 4), List.of(new Step(50, 60, 3), new Step(60, 70, 4)))));
    Optional<Rejection> r = p.check(plan, q, prop);
    assertThat(r).isEqualTo(p.checkByScan(plan, q, prop));
    assertThat(p.checkByRuns(plan, q, prop)).isEqualTo(r);
    assertThat(r).isPresent();
    assertThat(r.get().resource()).isEqualTo("vcores");
  }

  private static ReservationAllocation edgeAllocation(
      SplittableRandom rnd, String id, long horizon, int nodes, boolean atStart) {
    long len = 1 + rnd.nextLong(horizon);
    long from = atStart ? 0 : horizon - len;
    long to = atStart ? len : horizon;
    Resources b = bundle(rnd);
    return new ReservationAllocation(
        id, List.of(new AtomAllocation("", b, List.of(new Step(from, to, count(rnd, b, nodes))))));
  }

  /** Mostly small bundles, so that proposals often pass the instantaneous test. */
  private static Resources bundle(SplittableRandom rnd) {
    return rnd.nextInt(3) == 0 ? BUNDLES[rnd.nextInt(BUNDLES.length)] : BUNDLES[0];
  }

  /** Up to about half of the nodes' worth of the bundle. */
  private static long count(SplittableRandom rnd, Resources b, int nodes) {
    long fit = Math.min(NODE.memoryMB() / b.memoryMB(), NODE.vcores() / b.vcores());
    return 1 + rnd.nextLong(Math.max(1, fit * nodes / 2));
  }

  private static ReservationAllocation randomAllocation(
      SplittableRandom rnd, String id, long horizon, int nodes) {
    int atoms = 1 + rnd.nextInt(2);
    boolean shortRuns = rnd.nextInt(3) == 0;
    List<AtomAllocation> out = new ArrayList<>();
    for (int i = 0; i < atoms; i++) {
      Resources b = bundle(rnd);
      List<Step> steps = new ArrayList<>();
      long t = rnd.nextLong(horizon);
      int blocks = 1 + rnd.nextInt(shortRuns ? 30 : 3);
      for (int k = 0; k < blocks && t < horizon; k++) {
        long len = shortRuns ? 1 + rnd.nextInt(3) : 1 + rnd.nextLong(Math.max(1, horizon / 2));
        long end = Math.min(horizon, t + len);
        steps.add(new Step(t, end, count(rnd, b, nodes)));
        t = end + (shortRuns ? rnd.nextInt(2) : rnd.nextInt(4));
      }
      out.add(new AtomAllocation(atoms == 1 ? "" : Integer.toString(i), b, steps));
    }
    return new ReservationAllocation(id, out);
  }
}
