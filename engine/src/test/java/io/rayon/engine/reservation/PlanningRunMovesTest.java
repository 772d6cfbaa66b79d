package io.rayon.engine.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.planning.GreelPlusOptions;
import io.rayon.engine.planning.GreelPlusPlanner;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.planning.PlannerOptions;
import io.rayon.engine.planning.RandomWorkloads;
import io.rayon.engine.reservation.PlanningRun.Moved;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.Deadline;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.SharingPolicySpec;
import io.rayon.testsupport.Fixtures;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link PlanningRun#moved()} and {@link PlanningRun#tryPlaceWithMoves}: what a run's bounded
 * repairs moved, found by comparing allocations, checked against what {@link
 * ReservationSystem#lastMoves()} reports after each create.
 */
class PlanningRunMovesTest {
  private static final int[] BOUNDS = {1, 2, 4, 8};

  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  /** greel-plus as recommended (repair=8) or with a smaller bound; its other options default. */
  private static Planner planner(long seed) {
    int k = BOUNDS[(int) Math.floorMod(seed >> 5, (long) BOUNDS.length)];
    return k == GreelPlusPlanner.DEFAULT_REPAIR
        ? new GreelPlusPlanner()
        : Planners.byName("greel-plus", new PlannerOptions(Map.of("repair", Integer.toString(k))));
  }

  private static Map<String, ReservationAllocation> allocations(Plan p) {
    Map<String, ReservationAllocation> m = new LinkedHashMap<>();
    for (String id : p.reservationIds()) m.put(id, p.allocationOf(id));
    return m;
  }

  /** Counts over a run, for the coverage check. */
  private record Outcome(int movedFromBase, int movedInRun) {}

  /**
   * The workload of {@code seed}, its first requests (none, a quarter or half) placed as the base
   * plan, the rest placed on top with {@link PlanningRun#place}; then the same placement replayed
   * request by request with {@link ReservationSystem#create}, collecting {@link
   * ReservationSystem#lastMoves()}. Checks: the run's decisions are those of {@code submitAll};
   * every reported move changed the allocation, kept its work, and names the base's allocation or
   * the one it was accepted with as before and the final plan's as after; every base reservation
   * whose allocation changed is reported; the moved set is exactly the reservations lastMoves named
   * whose allocation ended other than it first was.
   */
  private static Outcome check(long seed) {
    RandomWorkloads w =
        Math.floorMod(seed >> 8, 3L) == 0
            ? RandomWorkloads.arrivingAtRandom(seed)
            : BoundedRepairTest.crowded(seed);
    SharingPolicySpec spec = w.policy();
    Planner p = planner(seed);
    List<ReservationRequest> all = w.requests();
    int cut = all.size() * (int) Math.floorMod(seed, 3L) / 4; // none, a quarter or half
    Plan base = w.plan().emptyCopy();
    new ReservationSystem(base, p, spec).submitAll(all.subList(0, cut));
    List<ReservationRequest> todo = all.subList(cut, all.size());
    Map<String, ReservationAllocation> baseBefore = allocations(base);
    String at = "seed " + seed + ", repair " + p.repairBound() + ", " + spec;

    PlanningRun run =
        PlanningRun.place(
            Fixtures.smallScenario(),
            base.copy(),
            todo,
            p,
            spec,
            ProgressListener.NONE,
            CancellationToken.NEVER,
            Deadline.NONE,
            true);
    assertThat(PlanValidator.validate(run.plan(), spec)).as(at).isEmpty();
    List<Decision> viaSubmitAll = new ReservationSystem(base.copy(), p, spec).submitAll(todo);
    assertThat(run.decisions()).as(at).isEqualTo(viaSubmitAll);

    // the replay: what each create accepted, and what lastMoves said moved
    ReservationSystem rs = new ReservationSystem(base.copy(), p, spec);
    Map<String, ReservationAllocation> first = new LinkedHashMap<>(baseBefore);
    Set<String> named = new HashSet<>();
    for (ReservationRequest r : todo) {
      Decision d = rs.create(r);
      if (d.accepted()) first.putIfAbsent(r.id(), d.allocation());
      named.addAll(rs.lastMoves().keySet());
    }
    assertThat(allocations((Plan) rs.plan())).as(at).isEqualTo(allocations(run.plan()));

    Map<String, Moved> reported = new HashMap<>();
    for (Moved m : run.moved()) {
      assertThat(reported.put(m.id(), m)).as(at + ": %s reported twice", m.id()).isNull();
      assertThat(m.after()).as(at + ": %s did not change", m.id()).isNotEqualTo(m.before());
      assertThat(m.after()).as(at).isEqualTo(run.plan().allocationOf(m.id()));
      assertThat(m.before()).as(at).isEqualTo(first.get(m.id()));
      assertThat(m.after().work()).as(at + ": work of %s", m.id()).isEqualTo(m.before().work());
      assertThat(named).as(at + ": lastMoves never named %s", m.id()).contains(m.id());
    }
    int fromBase = 0;
    for (var e : baseBefore.entrySet()) {
      boolean changed = !run.plan().allocationOf(e.getKey()).equals(e.getValue());
      assertThat(reported.containsKey(e.getKey()))
          .as(at + ": base %s", e.getKey())
          .isEqualTo(changed);
      if (changed) fromBase++;
    }
    Set<String> expected = new HashSet<>();
    for (String id : named)
      if (!run.plan().allocationOf(id).equals(first.get(id))) expected.add(id);
    assertThat(reported.keySet()).as(at).isEqualTo(expected);
    return new Outcome(fromBase, reported.size() - fromBase);
  }

  /**
   * 300 seeded workloads (crowded and random ones, every policy kind), greel-plus with repair 1, 2
   * or 4, none, a quarter or half of it placed first as the base plan: {@link PlanningRun#moved()}
   * is exact against the allocations and agrees with {@link ReservationSystem#lastMoves()}.
   */
  @Property(tries = 300)
  void theMovesOfARunAreExactlyTheChangedAllocations(@ForAll("seeds") long seed) {
    check(seed);
  }

  /**
   * The property is not vacuous: on fixed seeds, base reservations and the run's own move. The
   * seeds are spread (97 apart) so that crowded and random workloads, every bound and every base
   * cut occur among them.
   */
  @Test
  void onSeededWorkloadsBothBaseAndOwnReservationsMove() {
    int base = 0;
    int own = 0;
    for (long i = 0; i < 200; i++) {
      Outcome o = check(i * 97);
      base += o.movedFromBase();
      own += o.movedInRun();
    }
    assertThat(base).isPositive();
    assertThat(own).isPositive();
  }

  private static ReservationRequest request(String id, String rdl, long arrival) {
    return new ReservationRequest(id, id, "alice", "default", Fixtures.rdl(rdl), 0, arrival);
  }

  private static Plan onePlan() {
    return Plan.empty(Resources.of(8192, 8), 20, 60);
  }

  private static Planner plus(int repair) {
    return new GreelPlusPlanner(GreelPlusOptions.PLAIN.withRepair(repair));
  }

  // One node of 8 bundles. A (arrival 0): a gang of 8 for 4 steps in [2, 20), placed at [2, 6).
  // B (arrival 1): the same gang in [1, 6); it fits only when A moves to [5, 9).
  static final ReservationRequest A = request("A", "window(atom(<1024,1>,8,8,4,32),2,20)", 0);
  static final ReservationRequest B = request("B", "window(atom(<1024,1>,8,8,4,32),1,6)", 1);

  private static PlanningRun place(Plan base, List<ReservationRequest> todo, Planner p) {
    return PlanningRun.place(
        Fixtures.smallScenario(),
        base,
        todo,
        p,
        SharingPolicySpec.NONE,
        ProgressListener.NONE,
        CancellationToken.NEVER,
        Deadline.NONE,
        true);
  }

  /** A request accepted earlier in the same run, moved by a later one's repair, is reported. */
  @Test
  void aReservationAcceptedEarlierInTheRunAndMovedLaterIsReported() {
    PlanningRun run = place(onePlan(), List.of(A, B), plus(1));
    assertThat(run.decisions()).extracting(Decision::accepted).containsExactly(true, true);
    assertThat(run.moved())
        .singleElement()
        .satisfies(
            m -> {
              assertThat(m.id()).isEqualTo("A");
              assertThat(m.before().start()).isEqualTo(2);
              assertThat(m.before().end()).isEqualTo(6);
              assertThat(m.after().start()).isEqualTo(5);
              assertThat(m.after().end()).isEqualTo(9);
            });
    // the decision says where A ended, as submitAll does
    assertThat(run.decisions().get(0).allocation()).isEqualTo(run.moved().get(0).after());

    PlanningRun noRepair = place(onePlan(), List.of(A, B), plus(0));
    assertThat(noRepair.moved()).isEmpty();
    assertThat(noRepair.decisions()).extracting(Decision::accepted).containsExactly(true, false);
  }

  /** A base reservation moved by the run is reported with its base allocation as before. */
  @Test
  void aBaseReservationMovedByTheRunIsReported() {
    Plan base = onePlan();
    new ReservationSystem(base, plus(1), SharingPolicySpec.NONE).create(A);
    ReservationAllocation was = base.allocationOf("A");
    PlanningRun run = place(base.copy(), List.of(B), plus(1));
    assertThat(run.moved()).containsExactly(new Moved("A", was, run.plan().allocationOf("A")));
    assertThat(run.plan().allocationOf("A").start()).isEqualTo(5);
    // gree never repairs: nothing moves
    assertThat(place(base.copy(), List.of(B), Planners.byName("gree")).moved()).isEmpty();
  }

  /** The feasibility check says what would move, and moves nothing. */
  @Test
  void theFeasibilityCheckSaysWhatWouldMove() {
    Plan base = onePlan();
    new ReservationSystem(base, plus(0), SharingPolicySpec.NONE).create(A);
    ReservationAllocation was = base.allocationOf("A");
    var s = Fixtures.smallScenario();
    PlanningRun.Trial on =
        PlanningRun.tryPlaceWithMoves(s, base, B, plus(1), SharingPolicySpec.NONE, null);
    assertThat(on.decision().accepted()).isTrue();
    assertThat(on.moved())
        .singleElement()
        .satisfies(
            m -> {
              assertThat(m.id()).isEqualTo("A");
              assertThat(m.before()).isEqualTo(was);
              assertThat(m.after().start()).isEqualTo(5);
            });
    assertThat(base.allocationOf("A")).isEqualTo(was);
    assertThat(base.contains("B")).isFalse();

    PlanningRun.Trial off =
        PlanningRun.tryPlaceWithMoves(s, base, B, plus(0), SharingPolicySpec.NONE, null);
    assertThat(off.decision().accepted()).isFalse();
    assertThat(off.moved()).isEmpty();
    // fits as the plan is: nothing would move
    ReservationRequest late = request("L", "window(atom(<1024,1>,8,8,4,32),10,20)", 1);
    PlanningRun.Trial fits =
        PlanningRun.tryPlaceWithMoves(s, base, late, plus(1), SharingPolicySpec.NONE, null);
    assertThat(fits.decision().accepted()).isTrue();
    assertThat(fits.moved()).isEmpty();
    assertThat(PlanningRun.tryPlace(s, base, B, plus(1), SharingPolicySpec.NONE, null))
        .isEqualTo(on.decision());
  }
}
