package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanView;
import io.rayon.engine.policy.SharingPolicies;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The plan's index of runs of equal free capacity ({@link Plan#runStart}) and the planners'
 * segment-by-segment scans built on it. Seeded; jqwik prints the seed of a failing case.
 */
class RunIndexPropertiesTest {

  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  /**
   * After any sequence of adds, removes and capacity changes, runStart(t) is exactly the first step
   * of t's run: the free capacity is equal on [runStart(t), t] in every dimension and differs at
   * the step before (or runStart(t) is 0). Checked against freeAt, step by step.
   */
  @Property(tries = 300)
  void runStartAndRangeMinimaAreExactAfterRandomEdits(@ForAll("seeds") long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int horizon = 1 + rnd.nextInt(300);
    Plan plan = Plan.empty(Resources.of(64 * 1024, 64), horizon, 60);
    List<String> ids = new ArrayList<>();
    int ops = rnd.nextInt(40);
    for (int i = 0; i < ops; i++) {
      int kind = rnd.nextInt(10);
      if (kind < 6) {
        String id = "r" + i;
        List<Step> steps = new ArrayList<>();
        long t = rnd.nextInt(horizon);
        for (int k = 0; k < 1 + rnd.nextInt(3) && t < horizon; k++) {
          long end = Math.min(horizon, t + 1 + rnd.nextInt(40));
          steps.add(new Step(t, end, 1 + rnd.nextInt(4)));
          t = end + rnd.nextInt(5);
        }
        // vcores-only or memory-only bundles too, so that one dimension changes while the other
        // does not
        Resources b =
            switch (rnd.nextInt(3)) {
              case 0 -> Resources.of(1024, 0);
              case 1 -> Resources.of(0, 1);
              default -> Resources.of(1024, 1);
            };
        plan.add(
            ReservationRequest.of(id, Rdl.atom(b, 1, 100, 1, 1)),
            new ReservationAllocation(id, List.of(new AtomAllocation("", b, steps))));
        ids.add(id);
      } else if (kind < 8 && !ids.isEmpty()) {
        plan.remove(ids.remove(rnd.nextInt(ids.size())));
      } else {
        plan.changeCapacity(
            new CapacityChange(
                rnd.nextInt(horizon + 5),
                Resources.of(1024L * (rnd.nextInt(5) - 2), rnd.nextInt(5) - 2),
                "change"));
      }
    }
    for (int i = 0; i < 200; i++) {
      // range minima read run by run against a step-by-step minimum; ranges may leave the horizon
      long a = rnd.nextInt(horizon + 20) - 10;
      long b = a + rnd.nextInt(horizon + 20);
      for (int d = 0; d < 2; d++) {
        long naive = Long.MAX_VALUE;
        for (long t = a; t < b; t++)
          naive = Math.min(naive, t < 0 || t >= horizon ? 0 : plan.free(d, t));
        assertThat(plan.minFree(d, a, b))
            .as("seed %d: min of dim %d over [%d,%d)", seed, d, a, b)
            .isEqualTo(naive);
      }
      long[] need = {rnd.nextInt(3) - 1 + 1024L * rnd.nextInt(70), rnd.nextInt(70) - 1};
      boolean fits = true;
      for (long t = a; t < b; t++) {
        for (int d = 0; d < 2; d++) {
          long free = t < 0 || t >= horizon ? 0 : plan.free(d, t);
          if (need[d] >= 0 && free < need[d]) fits = false;
        }
      }
      assertThat(plan.fitsEverywhere(need, a, b))
          .as("seed %d: %s over [%d,%d)", seed, Arrays.toString(need), a, b)
          .isEqualTo(fits);
    }
    for (int t = 0; t < horizon; t++) {
      long s = plan.runStart(t);
      assertThat(s).as("seed %d step %d", seed, t).isBetween(0L, (long) t);
      for (long u = s; u <= t; u++)
        assertThat(plan.freeAt(u))
            .as("seed %d: free at %d vs %d", seed, u, t)
            .isEqualTo(plan.freeAt(t));
      if (s > 0)
        assertThat(plan.freeAt(s - 1))
            .as("seed %d: run of %d starts at %d", seed, t, s)
            .isNotEqualTo(plan.freeAt(s));
    }
  }

  /**
   * GREE and GREE-L decide the same, with the same allocations, whether they read the plan run by
   * run (a {@link Plan}) or step by step (the same plan behind a view that does not track runs, so
   * every step is its own segment): the segment scan is only a faster way to do the step scan.
   */
  @Property(tries = 300)
  void segmentScansDecideExactlyAsStepScans(@ForAll("seeds") long seed) {
    RandomWorkloads w = RandomWorkloads.of(seed);
    sameDecisions(seed, w.plan(), w.policy(), w.requests());
  }

  /**
   * The same on small, tight plans with {@code all} of windowed children, where an atom is placed
   * next to (and across the edges of) its siblings' tentative blocks.
   */
  @Property(tries = 300)
  void segmentScansDecideExactlyAsStepScansAroundTentativeBlocks(@ForAll("seeds") long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    long horizon = 20 + rnd.nextInt(100);
    Plan plan =
        Plan.empty(
            Resources.of(8192L * (1 + rnd.nextInt(2)), 8L * (1 + rnd.nextInt(2))), horizon, 60);
    List<ReservationRequest> rs = new ArrayList<>();
    for (int i = 0; i < 1 + rnd.nextInt(8); i++) {
      List<Rdl> cs = new ArrayList<>();
      for (int k = 0; k < 2 + rnd.nextInt(3); k++) {
        Rdl c = RandomWorkloads.atom(rnd);
        if (rnd.nextInt(10) < 7) {
          long s = rnd.nextLong(horizon);
          c = Rdl.window(c, s, s + 1 + rnd.nextLong(horizon - s));
        }
        cs.add(c);
      }
      rs.add(ReservationRequest.of("r" + i, new Rdl.All(cs)));
    }
    sameDecisions(seed, plan, SharingPolicySpec.NONE, rs);
  }

  private static void sameDecisions(
      long seed, Plan plan, SharingPolicySpec policy, List<ReservationRequest> requests) {
    for (Planner planner : List.of(new GreePlanner(), new GreeLPlanner())) {
      ReservationSystem fast = new ReservationSystem(plan.copy(), planner, policy);
      Plan slowPlan = plan.copy();
      PlanningContext ctx =
          PlanningContext.DEFAULT.withPolicy(SharingPolicies.from(policy, slowPlan.stepSeconds()));
      for (ReservationRequest r : requests) {
        Decision a = fast.create(r);
        Decision b = planner.place(new StepByStep(slowPlan), r, ctx);
        assertThat(b.accepted())
            .as("seed %d %s %s: %s vs %s", seed, planner.name(), r.id(), a, b)
            .isEqualTo(a.accepted());
        if (a.accepted()) {
          assertThat(b.allocation())
              .as("seed %d %s %s", seed, planner.name(), r.id())
              .isEqualTo(a.allocation());
          slowPlan.add(r, b.allocation());
        } else {
          assertThat(b.rejection())
              .as("seed %d %s %s", seed, planner.name(), r.id())
              .isEqualTo(a.rejection());
        }
      }
    }
  }

  /** A plan seen through {@link PlanView}'s defaults for runs: every step is its own run. */
  private record StepByStep(Plan p) implements PlanView {
    @Override
    public long horizon() {
      return p.horizon();
    }

    @Override
    public long stepSeconds() {
      return p.stepSeconds();
    }

    @Override
    public Resources capacityAt(long step) {
      return p.capacityAt(step);
    }

    @Override
    public Resources allocatedAt(long step) {
      return p.allocatedAt(step);
    }

    @Override
    public Resources freeAt(long step) {
      return p.freeAt(step);
    }

    @Override
    public Resources userAllocatedAt(String user, long step) {
      return p.userAllocatedAt(user, step);
    }

    @Override
    public Collection<String> reservationIds() {
      return p.reservationIds();
    }

    @Override
    public ReservationAllocation allocationOf(String id) {
      return p.allocationOf(id);
    }

    @Override
    public ReservationRequest requestOf(String id) {
      return p.requestOf(id);
    }

    @Override
    public List<String> dimensions() {
      return p.dimensions();
    }

    @Override
    public long free(int dim, long step) {
      return p.free(dim, step);
    }

    @Override
    public long capacity(int dim, long step) {
      return p.capacity(dim, step);
    }

    @Override
    public long userAllocated(String user, int dim, long step) {
      return p.userAllocated(user, dim, step);
    }
  }
}
