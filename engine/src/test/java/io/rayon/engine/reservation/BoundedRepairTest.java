package io.rayon.engine.reservation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.planning.GreelPlusOptions;
import io.rayon.engine.planning.GreelPlusPlanner;
import io.rayon.engine.planning.PlannerOptions;
import io.rayon.engine.planning.PlanningContext;
import io.rayon.engine.planning.RandomWorkloads;
import io.rayon.engine.planning.RepairPick;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.SharingPolicySpec;
import io.rayon.testsupport.Fixtures;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Bounded repair ({@link ReservationSystem#create} with greel-plus's {@code repair} option): the
 * plan stays valid, accepted reservations are never lost nor shrunk, started ones never move, and a
 * failed repair leaves the plan exactly as it was.
 */
class BoundedRepairTest {
  private static final int[] BOUNDS = {1, 2, 4, 16};
  private static final double[] RESERVES = {0, GreelPlusPlanner.DEFAULT_EARLY_RESERVE};
  private static final GreelPlusPlanner.Direction[] DIRECTIONS =
      GreelPlusPlanner.Direction.values();

  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  private static final RepairPick[] PICKS = RepairPick.values();
  private static final GreelPlusPlanner.RepairPlace[] PLACES =
      GreelPlusPlanner.RepairPlace.values();

  /**
   * greel-plus with the direction, reserve, bound, {@code repair-pick} and {@code repair-place}
   * mixed by the seed's bits; one seed in eight also has an admission ({@code max-room-share=0.3},
   * applied below a free share of 0.5), one in eight {@code max-plan-share=0.02}; the moved
   * reservations are never refused by either. The early shape is mixed too ({@code rigid} among
   * them), and one in four has {@code max-stretch=2} (for every request, or above 1% of the plan),
   * which does apply to the moved ones: one that would end too late makes the repair fail. One in
   * two gives requests below 5% of the plan the bound 8 ({@code small-repair}).
   */
  static GreelPlusPlanner planner(long seed) {
    return new GreelPlusPlanner(
        GreelPlusOptions.PLAIN
            .withDirection(DIRECTIONS[(int) Math.floorMod(seed, (long) DIRECTIONS.length)])
            .withMaxRoomShare(
                Math.floorMod(seed >> 14, 8L) == 7 ? 0.3 : GreelPlusPlanner.NO_MAX_ROOM_SHARE)
            .withEarlyReserve(RESERVES[(int) Math.floorMod(seed >> 3, 2L)])
            .withRepair(BOUNDS[(int) Math.floorMod(seed >> 5, (long) BOUNDS.length)])
            .withRepairPick(PICKS[(int) Math.floorMod(seed >> 10, (long) PICKS.length)])
            .withRepairPlace(PLACES[(int) Math.floorMod(seed >> 13, (long) PLACES.length)])
            .withRoomShareBelow(0.5)
            .withMaxPlanShare(Math.floorMod(seed >> 15, 8L) == 7 ? 0.02 : 1)
            .withEarlyShape(
                GreelPlusPlanner.EarlyShape.values()[
                    (int)
                        Math.floorMod(
                            seed >> 17, (long) GreelPlusPlanner.EarlyShape.values().length)])
            .withMaxStretch(
                Math.floorMod(seed >> 19, 4L) == 3 ? 2 : GreelPlusPlanner.NO_MAX_STRETCH)
            .withStretchAbove(
                Math.floorMod(seed >> 21, 2L) == 0 ? GreelPlusPlanner.ALL_SIZES : 0.01)
            .withSmallRepair(
                Math.floorMod(seed >> 22, 2L) == 0 ? GreelPlusPlanner.NO_SMALL_REPAIR : 8)
            .withSmallBelow(0.05));
  }

  /** Counts of what the repairs did over a run (for the coverage check). */
  private record Outcome(int moved, int failedRepairs) {}

  /**
   * Places the workload of {@code seed} request by request and checks every invariant after each
   * create; returns how many reservations moved and how many repairs failed.
   */
  private static Outcome checkRun(long seed) {
    RandomWorkloads w =
        Math.floorMod(seed >> 8, 3L) == 0 ? RandomWorkloads.arrivingAtRandom(seed) : crowded(seed);
    SharingPolicySpec spec = w.policy();
    GreelPlusPlanner p = planner(seed);
    ReservationSystem rs = new ReservationSystem(w.plan(), p, spec).setSelfChecking(true);
    int moved = 0;
    int failed = 0;
    for (ReservationRequest r : w.requests()) {
      long now = Math.max(0, r.arrival());
      Map<String, ReservationAllocation> before = allocations(rs);
      int bound = p.repairBound(rs.plan(), r);
      Decision d = rs.create(r);
      Map<String, ReservationAllocation> after = allocations(rs);
      String at =
          "seed "
              + seed
              + ", "
              + r.id()
              + ", "
              + bound
              + " "
              + p.repairPick().text()
              + " "
              + p.options().repairPlace().text()
              + ", "
              + spec;
      assertThat(PlanValidator.validate(rs.plan(), spec)).as(at).isEmpty();
      if (!d.accepted()) {
        // a rejection, with or without a (failed) repair, leaves every allocation as it was
        assertThat(after).as(at).isEqualTo(before);
        assertThat(rs.lastMoves()).as(at).isEmpty();
        if (d.rejection().message().contains("bounded repair")) failed++;
        continue;
      }
      assertThat(after).as(at).containsKey(r.id());
      Map<String, ReservationAllocation> changed = new HashMap<>();
      for (var e : before.entrySet()) {
        ReservationAllocation now2 = after.get(e.getKey());
        assertThat(now2).as(at + ": %s was lost", e.getKey()).isNotNull();
        assertThat(now2.work()).as(at + ": work of %s", e.getKey()).isEqualTo(e.getValue().work());
        if (e.getValue().start() <= now)
          assertThat(now2).as(at + ": %s had started", e.getKey()).isEqualTo(e.getValue());
        if (!now2.equals(e.getValue())) {
          changed.put(e.getKey(), now2);
          assertThat(now2.start()).as(at).isGreaterThanOrEqualTo(now);
        }
      }
      // lastMoves names every reservation that moved (and may name one placed again unchanged)
      assertThat(rs.lastMoves()).as(at).containsAllEntriesOf(changed);
      assertThat(rs.lastMoves().size()).as(at).isLessThanOrEqualTo(bound);
      for (var e : rs.lastMoves().entrySet())
        assertThat(after.get(e.getKey())).as(at).isEqualTo(e.getValue());
      moved += changed.size();
    }
    // submitAll returns the final allocations, re-read from the plan
    ReservationSystem again = new ReservationSystem(w.plan().emptyCopy(), p, spec);
    List<Decision> ds = again.submitAll(w.requests());
    for (Decision d : ds) {
      if (d.accepted())
        assertThat(d.allocation())
            .as("seed %d: final allocation of %s", seed, d.reservationId())
            .isEqualTo(again.plan().allocationOf(d.reservationId()));
    }
    return new Outcome(moved, failed);
  }

  /**
   * A crowded online workload (where repairs happen; {@link RandomWorkloads}' are mostly too small
   * or impossible): 1 to 3 nodes of 8 bundles, 40 to 100 steps, 10 to 40 requests arriving in
   * order, each an atom (sometimes an order of two) with a gang of 1, 2 or 4 and a lease of 1 to 3
   * steps in a window that starts at or a little after its arrival and is one to three times as
   * long as it needs; users u0 to u2; no policy, an instantaneous or a capacity-over-time one.
   */
  static RandomWorkloads crowded(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int nodes = 1 + rnd.nextInt(3);
    long horizon = 40 + rnd.nextInt(61);
    Plan plan = Plan.empty(Resources.of(8192, 8).times(nodes), horizon, 60);
    SharingPolicySpec policy =
        switch (rnd.nextInt(4)) {
          case 0 -> SharingPolicySpec.parse("instantaneous:0.5");
          case 1 -> SharingPolicySpec.parse("capacity-over-time:0.6,0.3,30m");
          default -> SharingPolicySpec.NONE;
        };
    int n = 10 + rnd.nextInt(31);
    long[] arrivals = new long[n];
    for (int i = 0; i < n; i++) arrivals[i] = rnd.nextLong(horizon * 3 / 4);
    Arrays.sort(arrivals);
    List<ReservationRequest> rs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Rdl e = atom(rnd, nodes);
      long need = ((Rdl.Atom) e).work() / ((Rdl.Atom) e).maxParallelism();
      if (rnd.nextInt(5) == 0) {
        Rdl.Atom second = atom(rnd, nodes);
        need += second.work() / second.maxParallelism();
        e = Rdl.order(e, second);
      }
      long start = arrivals[i] + rnd.nextInt(4);
      long end = Math.min(horizon, start + need * (1 + rnd.nextInt(3)) + rnd.nextInt(3));
      if (end <= start) end = Math.min(horizon, start + 1);
      rs.add(
          new ReservationRequest(
              "r" + i,
              null,
              "u" + rnd.nextInt(3),
              "default",
              Rdl.window(e, start, end),
              0,
              arrivals[i]));
    }
    return new RandomWorkloads(seed, plan, policy, rs);
  }

  private static Rdl.Atom atom(SplittableRandom rnd, int nodes) {
    int g = new int[] {1, 2, 4}[rnd.nextInt(3)];
    int h = g * (1 + rnd.nextInt(2 * nodes));
    long l = 1 + rnd.nextInt(3);
    long w = g * l * (1 + rnd.nextInt(4));
    return new Rdl.Atom(Resources.of(1024, 1), g, h, l, w);
  }

  private static Map<String, ReservationAllocation> allocations(ReservationSystem rs) {
    Map<String, ReservationAllocation> m = new HashMap<>();
    for (String id : rs.plan().reservationIds()) m.put(id, rs.plan().allocationOf(id));
    return m;
  }

  /**
   * 600 seeded workloads (random arrivals, windows, gangs, leases, every operator, policies), the
   * bound mixed in 1, 2, 4, 16: the plan always passes the validator (capacity and policy); every
   * reservation accepted before a create stays accepted with the same total work; those that had
   * started keep their exact allocation; a rejection (a failed repair among them) leaves the plan's
   * allocations equal to before; {@code submitAll} returns the final allocations.
   */
  @Property(tries = 600)
  void repairKeepsThePlanValidAndNeverLosesOrMovesAStartedReservation(@ForAll("seeds") long seed) {
    checkRun(seed);
  }

  /**
   * The property above is not vacuous: on fixed seeds, repairs both succeed and fail, under every
   * {@code repair-pick} and {@code repair-place}.
   */
  @Test
  void onSeededWorkloadsRepairsSucceedAndFail() {
    Map<String, int[]> byRule = new HashMap<>();
    for (long seed = 0; seed < 300; seed++) {
      for (long rule :
          new long[] {0, 1L << 10, 2L << 10, 3L << 10, 1L << 13, 3L << 10 | 1L << 13, 4L << 10}) {
        long s = seed | rule;
        Outcome o = checkRun(s);
        GreelPlusPlanner p = planner(s);
        int[] c =
            byRule.computeIfAbsent(
                p.repairPick().text() + " " + p.options().repairPlace().text(), k -> new int[2]);
        c[0] += o.moved();
        c[1] += o.failedRepairs();
      }
    }
    assertThat(byRule).hasSize(7).containsKey("singles-enough same");
    for (var e : byRule.entrySet()) {
      assertThat(e.getValue()[0]).as("moved, " + e.getKey()).isPositive();
      assertThat(e.getValue()[1]).as("failed repairs, " + e.getKey()).isPositive();
    }
  }

  /** greel-plus with no early reserve (so the early candidate is plain) and the given bound. */
  private static GreelPlusPlanner plus(int repair) {
    return new GreelPlusPlanner(GreelPlusOptions.PLAIN.withRepair(repair));
  }

  private static ReservationRequest request(String id, String rdl, long arrival) {
    return new ReservationRequest(id, id, "alice", "default", Fixtures.rdl(rdl), 0, arrival);
  }

  /**
   * One node of 8 bundles. A (arrival 0) asks for a gang of 8 for 4 steps in [2, 20): early-first
   * puts it at [2, 6). B (arrival 1) asks for the same gang in [1, 6): only [1, 5) or [2, 6) could
   * hold it, and A holds steps 2 to 5, so with k = 0 B is rejected. With k = 1, A has not started
   * (it starts at 2, after now = 1) and overlaps B's window, so it is taken out, B goes to [1, 5)
   * and A is placed again from now on inside its own window, at [5, 9).
   */
  @Test
  void repairAcceptsARequestThatNoRepairRejects() {
    ReservationRequest a = request("A", "window(atom(<1024,1>,8,8,4,32),2,20)", 0);
    ReservationRequest b = request("B", "window(atom(<1024,1>,8,8,4,32),1,6)", 1);

    ReservationSystem off = new ReservationSystem(onePlan(), plus(0), SharingPolicySpec.NONE);
    assertThat(off.create(a).accepted()).isTrue();
    assertThat(off.plan().allocationOf("A").start()).isEqualTo(2);
    Decision rejected = off.create(b);
    assertThat(rejected.accepted()).isFalse();
    assertThat(rejected.rejection().message()).doesNotContain("bounded repair");

    ReservationSystem on =
        new ReservationSystem(onePlan(), plus(1), SharingPolicySpec.NONE).setSelfChecking(true);
    on.create(a);
    Decision accepted = on.create(b);
    assertThat(accepted.accepted()).isTrue();
    assertThat(accepted.allocation().start()).isEqualTo(1);
    assertThat(accepted.allocation().end()).isEqualTo(5);
    ReservationAllocation movedA = on.plan().allocationOf("A");
    assertThat(movedA.start()).isEqualTo(5);
    assertThat(movedA.end()).isEqualTo(9);
    assertThat(movedA.work()).isEqualTo(32 * 1);
    assertThat(on.lastMoves()).containsExactly(Map.entry("A", movedA));
    assertThat(PlanValidator.validate(on.plan(), SharingPolicySpec.NONE)).isEmpty();

    // submitAll reports A where it ended, not where it was first accepted
    List<Decision> ds =
        new ReservationSystem(onePlan(), plus(1), SharingPolicySpec.NONE).submitAll(List.of(a, b));
    assertThat(ds.get(0).allocation().start()).isEqualTo(5);
    assertThat(ds.get(1).allocation().start()).isEqualTo(1);
  }

  /**
   * The admission by plan share refuses without repair, the admission by room share with it. The
   * scenario of {@link #repairAcceptsARequestThatNoRepairRejects}, each request a fifth of the plan
   * (4 node-steps of 20), the admission applied where the window's free share is below 0.5 (A's
   * window is empty when it arrives; B's, [1, 6), is a fifth free once A holds [2, 6)), whatever
   * the plan holds ({@code small-share-at-least=0}). With {@code max-plan-share=0.1} B is refused
   * and nothing moves: no move makes B a smaller share of the plan. With {@code max-room-share=0.5}
   * instead (B would take 4 times the room left) the repair takes A out, the window is then free,
   * the admission does not apply, and B is placed as without admission.
   */
  @Test
  void aRequestTheAdmissionByPlanShareRefusesIsNotRepaired() {
    ReservationRequest a = request("A", "window(atom(<1024,1>,8,8,4,32),2,20)", 0);
    ReservationRequest b = request("B", "window(atom(<1024,1>,8,8,4,32),1,6)", 1);
    GreelPlusOptions admission =
        GreelPlusOptions.PLAIN
            .withRepair(1)
            .withRoomShareBelow(0.5)
            .withSmallShareAtLeast(GreelPlusPlanner.ANY_MIX);

    GreelPlusPlanner bySize = new GreelPlusPlanner(admission.withMaxPlanShare(0.1));
    ReservationSystem size =
        new ReservationSystem(onePlan(), bySize, SharingPolicySpec.NONE).setSelfChecking(true);
    assertThat(size.create(a).accepted()).isTrue();
    ReservationAllocation heldA = size.plan().allocationOf("A");
    assertThat(heldA.start()).isEqualTo(2);
    assertThat(bySize.repairBound()).isEqualTo(1);
    assertThat(bySize.repairBound(size.plan(), b)).isZero();
    Decision refused = size.create(b);
    assertThat(refused.accepted()).isFalse();
    assertThat(refused.rejection().message())
        .contains("max-plan-share=0.1")
        .doesNotContain("bounded repair");
    assertThat(size.lastMoves()).isEmpty();
    assertThat(size.plan().allocationOf("A")).isEqualTo(heldA);

    GreelPlusPlanner byRoom = new GreelPlusPlanner(admission.withMaxRoomShare(0.5));
    ReservationSystem room =
        new ReservationSystem(onePlan(), byRoom, SharingPolicySpec.NONE).setSelfChecking(true);
    room.create(a);
    assertThat(byRoom.place(room.plan(), b, PlanningContext.DEFAULT).rejection().message())
        .contains("max-room-share=0.5");
    assertThat(byRoom.repairBound(room.plan(), b)).isEqualTo(1);
    Decision repaired = room.create(b);
    assertThat(repaired.accepted()).isTrue();
    assertThat(repaired.allocation().start()).isEqualTo(1);
    assertThat(room.plan().allocationOf("A").start()).isEqualTo(5);
  }

  /**
   * One node of 8 bundles; now = 1. A holds 6 bundles over [2, 4), exactly its window (no slack); C
   * holds 2 over [2, 4) in a window [2, 20) (slack 16); the node is full over [2, 4). B asks for 2
   * bundles over [2, 4) (4 bundle-steps). With a bound of 1:
   *
   * <ul>
   *   <li>{@code most-held} takes A out (12 held in B's window), B goes in, and A, 6 bundles in its
   *       window of 2 steps, no longer fits beside B and C: the repair fails, the plan is as
   *       before;
   *   <li>{@code enough} and {@code flexible} take C out (the most slack; its 4 cover B's 4), B
   *       goes in, and C goes to [4, 6), or with {@code repair-place=late-first} to the end of its
   *       window, [18, 20);
   *   <li>{@code singles} with a bound of 2 tries A alone (fails, rolled back), then C alone.
   * </ul>
   */
  @Test
  void theRepairPickDecidesWhichReservationsMove() {
    ReservationRequest a = request("A", "window(atom(<1024,1>,6,6,2,12),2,4)", 0);
    ReservationRequest c = request("C", "window(atom(<1024,1>,2,2,2,4),2,20)", 0);
    ReservationRequest b = request("B", "window(atom(<1024,1>,2,2,2,4),2,4)", 1);

    ReservationSystem mostHeld = system(plus(1));
    Map<String, ReservationAllocation> before = allocations(mostHeld);
    Decision failed = mostHeld.create(b);
    assertThat(failed.accepted()).isFalse();
    assertThat(failed.rejection().message()).contains("'A', moved to make room, no longer fits");
    assertThat(allocations(mostHeld)).isEqualTo(before);

    for (RepairPick pick : List.of(RepairPick.ENOUGH, RepairPick.FLEXIBLE)) {
      for (GreelPlusPlanner.RepairPlace place : GreelPlusPlanner.RepairPlace.values()) {
        ReservationSystem rs =
            system(
                new GreelPlusPlanner(
                    GreelPlusOptions.PLAIN
                        .withRepair(1)
                        .withRepairPick(pick)
                        .withRepairPlace(place)));
        ReservationAllocation aBefore = rs.plan().allocationOf("A");
        Decision d = rs.create(b);
        String at = pick.text() + " " + place.text();
        assertThat(d.accepted()).as(at).isTrue();
        assertThat(d.allocation().start()).as(at).isEqualTo(2);
        assertThat(rs.lastMoves().keySet()).as(at).containsExactly("C");
        ReservationAllocation movedC = rs.plan().allocationOf("C");
        long start = place == GreelPlusPlanner.RepairPlace.LATE_FIRST ? 18 : 4;
        assertThat(movedC.start()).as(at).isEqualTo(start);
        assertThat(movedC.end()).as(at).isEqualTo(start + 2);
        assertThat(rs.plan().allocationOf("A")).as(at).isEqualTo(aBefore);
      }
    }

    ReservationSystem singles =
        system(
            new GreelPlusPlanner(
                GreelPlusOptions.PLAIN.withRepair(2).withRepairPick(RepairPick.SINGLES)));
    Decision d = singles.create(b);
    assertThat(d.accepted()).isTrue();
    assertThat(singles.lastMoves().keySet()).containsExactly("C");
    assertThat(singles.plan().allocationOf("C").start()).isEqualTo(4);
    assertThat(singles.plan().allocationOf("A").start()).isEqualTo(2);
    // singles with a bound of 1 has no second try: it fails as most-held does
    assertThat(
            system(
                    new GreelPlusPlanner(
                        GreelPlusOptions.PLAIN.withRepair(1).withRepairPick(RepairPick.SINGLES)))
                .create(b)
                .accepted())
        .isFalse();
    // singles-enough with a bound of 1: A alone fails as above, then enough's choice, C, is tried
    ReservationSystem singlesEnough =
        system(
            new GreelPlusPlanner(
                GreelPlusOptions.PLAIN.withRepair(1).withRepairPick(RepairPick.SINGLES_ENOUGH)));
    ReservationAllocation aBefore = singlesEnough.plan().allocationOf("A");
    Decision e = singlesEnough.create(b);
    assertThat(e.accepted()).isTrue();
    assertThat(e.allocation().start()).isEqualTo(2);
    assertThat(singlesEnough.lastMoves().keySet()).containsExactly("C");
    assertThat(singlesEnough.plan().allocationOf("C").start()).isEqualTo(4);
    assertThat(singlesEnough.plan().allocationOf("A")).isEqualTo(aBefore);
  }

  /**
   * One node of 8 bundles, as above, but C's window is [2, 4) too (no slack): A and C fill it, and
   * B wants the whole node there. With {@code singles-enough} and a bound of 2 every try fails: A
   * alone, C alone, A and C together (singles' tries; then A fits nowhere), and enough's choice is
   * A and C again (neither has slack, and both are needed to hold B's work), a set already tried,
   * so it is not tried again. The plan is as before and the reason is the last try's.
   */
  @Test
  void aFailedSinglesEnoughRepairPutsThePlanBack() {
    ReservationSystem rs =
        new ReservationSystem(
                onePlan(),
                new GreelPlusPlanner(
                    GreelPlusOptions.PLAIN.withRepair(2).withRepairPick(RepairPick.SINGLES_ENOUGH)),
                SharingPolicySpec.NONE)
            .setSelfChecking(true);
    assertThat(rs.create(request("A", "window(atom(<1024,1>,6,6,2,12),2,4)", 0)).accepted())
        .isTrue();
    assertThat(rs.create(request("C", "window(atom(<1024,1>,2,2,2,4),2,4)", 0)).accepted())
        .isTrue();
    Map<String, ReservationAllocation> before = allocations(rs);
    Decision d = rs.create(request("B", "window(atom(<1024,1>,8,8,2,16),2,4)", 1));
    assertThat(d.accepted()).isFalse();
    assertThat(d.rejection().message())
        .contains("bounded repair (repair=2) failed: each try failed")
        .contains("moved to make room, no longer fits");
    assertThat(allocations(rs)).isEqualTo(before);
    assertThat(rs.lastMoves()).isEmpty();
  }

  /**
   * {@code singles-enough} makes {@code singles}' tries first, in the same order, and its own try
   * only when all of them failed: on the same plan it accepts every request {@code singles}
   * accepts, with the same allocation and the same moves. Checked request by request along {@code
   * singles-enough}'s own plan, on 300 seeded workloads (two in three crowded), each bound of the
   * property above, with and without an admission.
   */
  @Property(tries = 300)
  void onTheSamePlanSinglesEnoughAcceptsEveryRequestSinglesAccepts(@ForAll("seeds") long seed) {
    singlesEnoughAgainstSingles(seed);
  }

  /**
   * The property above is not vacuous: on fixed seeds {@code singles-enough} accepts requests that
   * {@code singles} rejects on the same plan.
   */
  @Test
  void onSeededWorkloadsSinglesEnoughRescuesRequestsSinglesRejects() {
    int rescued = 0;
    for (long seed = 0; seed < 300; seed++) rescued += singlesEnoughAgainstSingles(seed);
    assertThat(rescued).isPositive();
  }

  /**
   * Checks the property above on the workload of {@code seed}; returns how many requests {@code
   * singles-enough} accepted that {@code singles} rejected on the same plan.
   */
  private static int singlesEnoughAgainstSingles(long seed) {
    RandomWorkloads w =
        Math.floorMod(seed >> 8, 3L) == 0 ? RandomWorkloads.arrivingAtRandom(seed) : crowded(seed);
    SharingPolicySpec spec = w.policy();
    GreelPlusPlanner base = planner(seed);
    GreelPlusPlanner enough =
        new GreelPlusPlanner(base.options().withRepairPick(RepairPick.SINGLES_ENOUGH));
    GreelPlusPlanner singles =
        new GreelPlusPlanner(base.options().withRepairPick(RepairPick.SINGLES));
    ReservationSystem rs = new ReservationSystem(w.plan(), enough, spec);
    int rescued = 0;
    for (ReservationRequest r : w.requests()) {
      ReservationSystem other = new ReservationSystem(rs.snapshot(), singles, spec);
      Decision bySingles = other.create(r);
      Decision d = rs.create(r);
      String at = "seed " + seed + ", " + r.id() + ", repair=" + base.repairBound();
      if (bySingles.accepted()) {
        assertThat(d.accepted()).as(at).isTrue();
        assertThat(d.allocation()).as(at).isEqualTo(bySingles.allocation());
        assertThat(rs.lastMoves()).as(at).isEqualTo(other.lastMoves());
      } else if (d.accepted()) {
        rescued++;
      }
    }
    return rescued;
  }

  /** A self-checking system over one node with A and C of the test above accepted. */
  private static ReservationSystem system(GreelPlusPlanner p) {
    ReservationSystem rs =
        new ReservationSystem(onePlan(), p, SharingPolicySpec.NONE).setSelfChecking(true);
    assertThat(rs.create(request("A", "window(atom(<1024,1>,6,6,2,12),2,4)", 0)).accepted())
        .isTrue();
    assertThat(rs.create(request("C", "window(atom(<1024,1>,2,2,2,4),2,20)", 0)).accepted())
        .isTrue();
    assertThat(rs.plan().allocationOf("C").start()).isEqualTo(2);
    return rs;
  }

  /**
   * The live feasibility check ({@link PlanningRun#tryPlace}, the app's "would it fit?") answers as
   * {@code create} would: with repair on, B above is feasible (A would move), with it off not; and
   * the plan it was given is left as it was.
   */
  @Test
  void theFeasibilityCheckAnswersAsCreateWouldAndChangesNothing() {
    ReservationRequest a = request("A", "window(atom(<1024,1>,8,8,4,32),2,20)", 0);
    ReservationRequest b = request("B", "window(atom(<1024,1>,8,8,4,32),1,6)", 1);
    ReservationSystem sys = new ReservationSystem(onePlan(), plus(0), SharingPolicySpec.NONE);
    assertThat(sys.create(a).accepted()).isTrue();
    Plan base = sys.snapshot();
    ReservationAllocation before = base.allocationOf("A");
    var scenario = Fixtures.smallScenario(); // read only when no base plan or policy is given

    Decision off = PlanningRun.tryPlace(scenario, base, b, plus(0), SharingPolicySpec.NONE, null);
    assertThat(off.accepted()).isFalse();
    Decision on = PlanningRun.tryPlace(scenario, base, b, plus(1), SharingPolicySpec.NONE, null);
    assertThat(on.accepted()).isTrue();
    assertThat(on.allocation().start()).isEqualTo(1);
    assertThat(base.allocationOf("A")).isEqualTo(before);
    assertThat(base.contains("B")).isFalse();
  }

  /**
   * As above, but A's own window is [2, 6): once B takes [1, 5), A fits nowhere, so the repair
   * fails; A gets its allocation back, B is rejected with its reason and why the repair failed. A
   * reservation that had started (C, at step 0) is never a candidate.
   */
  @Test
  void aFailedRepairPutsThePlanBackAndSaysWhy() {
    ReservationSystem rs =
        new ReservationSystem(onePlan(), plus(4), SharingPolicySpec.NONE).setSelfChecking(true);
    assertThat(rs.create(request("A", "window(atom(<1024,1>,8,8,4,32),2,6)", 0)).accepted())
        .isTrue();
    Map<String, ReservationAllocation> before = allocations(rs);
    Decision d = rs.create(request("B", "window(atom(<1024,1>,8,8,4,32),1,6)", 1));
    assertThat(d.accepted()).isFalse();
    assertThat(d.rejection().message())
        .contains("bounded repair (repair=4) failed")
        .contains("'A', moved to make room, no longer fits");
    assertThat(allocations(rs)).isEqualTo(before);
    assertThat(rs.lastMoves()).isEmpty();

    // started: C holds the whole node over [0, 4); D arrives at 0 wanting [0, 4): C started at 0
    ReservationSystem started =
        new ReservationSystem(onePlan(), plus(4), SharingPolicySpec.NONE).setSelfChecking(true);
    assertThat(started.create(request("C", "window(atom(<1024,1>,8,8,4,32),0,20)", 0)).accepted())
        .isTrue();
    Decision dd = started.create(request("D", "window(atom(<1024,1>,8,8,4,32),0,4)", 0));
    assertThat(dd.accepted()).isFalse();
    assertThat(dd.rejection().message())
        .contains("no reservation that has not started overlaps its window");
    assertThat(started.plan().allocationOf("C").start()).isZero();
  }

  /**
   * {@code small-repair}: B (32 bundle-steps of the one-node plan's 160, a share of 0.2) is
   * repaired with the small bound when that share is below {@code small-below}, else with {@code
   * repair}; with {@code repair=0} nothing moves whatever the small bound. The bound the system
   * used is the one its reason names.
   */
  @Test
  void aSmallRequestIsRepairedWithTheSmallBound() {
    String a = "window(atom(<1024,1>,8,8,4,32),2,6)";
    String b = "window(atom(<1024,1>,8,8,4,32),1,6)";
    GreelPlusOptions o = GreelPlusOptions.PLAIN.withRepair(2).withSmallRepair(5);
    Map<Double, String> bySmallBelow = Map.of(0.25, "repair=5", 0.2, "repair=2", 0.0, "repair=2");
    for (Map.Entry<Double, String> e : bySmallBelow.entrySet()) {
      GreelPlusPlanner p = new GreelPlusPlanner(o.withSmallBelow(e.getKey()));
      ReservationSystem rs =
          new ReservationSystem(onePlan(), p, SharingPolicySpec.NONE).setSelfChecking(true);
      assertThat(rs.create(request("A", a, 0)).accepted()).isTrue();
      ReservationRequest rb = request("B", b, 1);
      int bound = e.getValue().equals("repair=5") ? 5 : 2;
      assertThat(p.repairBound(rs.plan(), rb)).as("small-below " + e.getKey()).isEqualTo(bound);
      Decision d = rs.create(rb);
      assertThat(d.accepted()).isFalse();
      assertThat(d.rejection().message())
          .as("small-below " + e.getKey())
          .contains("bounded repair (" + e.getValue() + ") failed");
    }
    // a small bound at or below repair changes nothing; repair=0 moves nothing at all
    GreelPlusPlanner lower = new GreelPlusPlanner(o.withSmallRepair(1).withSmallBelow(1));
    assertThat(lower.repairBound(onePlan(), request("B", b, 1))).isEqualTo(2);
    GreelPlusPlanner off = new GreelPlusPlanner(o.withRepair(0).withSmallBelow(1));
    assertThat(off.repairBound(onePlan(), request("B", b, 1))).isZero();
    ReservationSystem none =
        new ReservationSystem(onePlan(), off, SharingPolicySpec.NONE).setSelfChecking(true);
    assertThat(none.create(request("A", a, 0)).accepted()).isTrue();
    Decision d = none.create(request("B", b, 1));
    assertThat(d.accepted()).isFalse();
    assertThat(d.rejection().message()).doesNotContain("bounded repair");
  }

  @Test
  void theSmallRepairOptionsAreParsedCheckedAndDescribed() {
    GreelPlusPlanner byDefault = (GreelPlusPlanner) Planners.byName("greel-plus");
    assertThat(byDefault.options().smallRepair())
        .isEqualTo(GreelPlusPlanner.DEFAULT_SMALL_REPAIR)
        .isEqualTo(32);
    assertThat(byDefault.options().smallBelow())
        .isEqualTo(GreelPlusPlanner.DEFAULT_SMALL_BELOW)
        .isEqualTo(0.0001);
    GreelPlusPlanner p =
        (GreelPlusPlanner)
            Planners.byName(
                "greel-plus",
                PlannerOptions.NONE.with("small-repair", "16").with("small-below", "0.01"));
    assertThat(p.options().smallRepair()).isEqualTo(16);
    assertThat(p.options().smallBelow()).isEqualTo(0.01);
    assertThatThrownBy(
            () -> Planners.byName("greel-plus", PlannerOptions.NONE.with("small-repair", "1001")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("small-repair");
    assertThatThrownBy(
            () -> Planners.byName("greel-plus", PlannerOptions.NONE.with("small-below", "1.5")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("small-below");
    for (String name : List.of("small-repair", "small-below")) {
      OptionSpec spec =
          Planners.plugin("greel-plus").options().stream()
              .filter(s -> s.name().equals(name))
              .findFirst()
              .orElseThrow();
      assertThat(spec.help()).as(name).contains("small");
    }
  }

  /** An invalid request is never repaired: the reason is the planner's own. */
  @Test
  void anInvalidRequestIsNotRepaired() {
    ReservationSystem rs = new ReservationSystem(onePlan(), plus(4), SharingPolicySpec.NONE);
    rs.create(request("A", "window(atom(<1024,1>,8,8,4,32),2,20)", 0));
    Decision d = rs.create(request("A", "window(atom(<1024,1>,8,8,4,32),1,6)", 1));
    assertThat(d.rejection().code()).isEqualTo(Rejection.Code.INVALID);
    assertThat(d.rejection().message()).doesNotContain("bounded repair");
  }

  @Test
  void theRepairOptionIsParsedCheckedAndDescribed() {
    assertThat(((GreelPlusPlanner) Planners.byName("greel-plus")).repairBound())
        .isEqualTo(GreelPlusPlanner.DEFAULT_REPAIR);
    GreelPlusPlanner p =
        (GreelPlusPlanner) Planners.byName("greel-plus", PlannerOptions.NONE.with("repair", "16"));
    assertThat(p.repairBound()).isEqualTo(16);
    assertThat(p.options().earlyReserve()).isEqualTo(GreelPlusPlanner.DEFAULT_EARLY_RESERVE);
    assertThatThrownBy(
            () -> Planners.byName("greel-plus", PlannerOptions.NONE.with("repair", "-1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("repair=-1");
    assertThatThrownBy(
            () -> Planners.byName("greel-plus", PlannerOptions.NONE.with("repair", "two")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("repair=two");
    OptionSpec spec =
        Planners.plugin("greel-plus").options().stream()
            .filter(s -> s.name().equals("repair"))
            .findFirst()
            .orElseThrow();
    assertThat(spec.defaultValue()).isEqualTo(Integer.toString(GreelPlusPlanner.DEFAULT_REPAIR));
    assertThat(spec.help()).contains("not started").contains("0 = no repair");
    // every other planner never repairs
    assertThat(Planners.byName("greel").repairBound()).isZero();
    assertThat(Planners.byName("greel").repairPick()).isEqualTo(RepairPick.MOST_HELD);
  }

  @Test
  void theRepairPickAndPlaceOptionsAreParsedCheckedAndDescribed() {
    GreelPlusPlanner byDefault = (GreelPlusPlanner) Planners.byName("greel-plus");
    assertThat(byDefault.repairPick())
        .isEqualTo(GreelPlusPlanner.DEFAULT_REPAIR_PICK)
        .isEqualTo(RepairPick.SINGLES);
    assertThat(RepairPick.SINGLES_ENOUGH.text()).isEqualTo("singles-enough");
    assertThat(byDefault.options().repairPlace()).isEqualTo(GreelPlusPlanner.RepairPlace.SAME);
    // with no admission and the same direction the planner places the moved ones itself
    GreelPlusPlanner noAdmission =
        (GreelPlusPlanner)
            Planners.byName(
                "greel-plus",
                PlannerOptions.NONE.with("max-room-share", "1").with("max-plan-share", "1"));
    assertThat(noAdmission.repairPlacer()).isSameAs(noAdmission);
    for (RepairPick pick : RepairPick.values()) {
      GreelPlusPlanner p =
          (GreelPlusPlanner)
              Planners.byName("greel-plus", PlannerOptions.NONE.with("repair-pick", pick.text()));
      assertThat(p.repairPick()).isEqualTo(pick);
    }
    GreelPlusPlanner late =
        (GreelPlusPlanner)
            Planners.byName("greel-plus", PlannerOptions.NONE.with("repair-place", "late-first"));
    assertThat(late.options().repairPlace()).isEqualTo(GreelPlusPlanner.RepairPlace.LATE_FIRST);
    GreelPlusPlanner placer = (GreelPlusPlanner) late.repairPlacer();
    assertThat(placer.options().direction()).isEqualTo(GreelPlusPlanner.Direction.LATE_FIRST);
    assertThat(placer.repairBound()).isZero();
    // an admission is never applied to a moved reservation
    GreelPlusPlanner admits = byDefault;
    GreelPlusPlanner admitsPlacer = (GreelPlusPlanner) admits.repairPlacer();
    assertThat(admitsPlacer).isNotSameAs(admits);
    assertThat(admitsPlacer.options().maxRoomShare()).isEqualTo(GreelPlusPlanner.NO_MAX_ROOM_SHARE);
    assertThat(admitsPlacer.options().maxPlanShare()).isEqualTo(GreelPlusPlanner.NO_MAX_ROOM_SHARE);
    assertThat(
            ((GreelPlusPlanner)
                    new GreelPlusPlanner(byDefault.options().withMaxPlanShare(0.01)).repairPlacer())
                .options()
                .maxPlanShare())
        .isEqualTo(GreelPlusPlanner.NO_MAX_ROOM_SHARE);
    assertThat(admitsPlacer.options().direction()).isEqualTo(admits.options().direction());
    assertThatThrownBy(
            () -> Planners.byName("greel-plus", PlannerOptions.NONE.with("repair-pick", "most")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("repair-pick")
        .hasMessageContaining("most");
    assertThatThrownBy(
            () -> Planners.byName("greel-plus", PlannerOptions.NONE.with("repair-place", "early")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("repair-place");
    for (String name : List.of("repair-pick", "repair-place")) {
      OptionSpec spec =
          Planners.plugin("greel-plus").options().stream()
              .filter(s -> s.name().equals(name))
              .findFirst()
              .orElseThrow();
      assertThat(spec.defaultValue()).isIn("singles", "same");
      assertThat(spec.help()).contains("bounded repair");
      if (name.equals("repair-pick"))
        assertThat(spec.help()).contains("singles-enough = as singles, then");
    }
  }

  private static Plan onePlan() {
    return Plan.empty(Resources.of(8192, 8), 20, 60);
  }
}
