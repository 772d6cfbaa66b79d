package io.rayon.engine.planning.milp;

import static io.rayon.engine.planning.Fixtures.aPlan;
import static io.rayon.engine.planning.Fixtures.req;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.planning.PlanningContext;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.Deadline;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.plan.Decision;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.SharingPolicySpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The time limit is kept for the whole run: every phase is budgeted from what is left of an
 * injected deadline. A fake clock that only the fake solver advances stands for time, so nothing
 * here depends on the machine's speed.
 */
class MilpDeadlineTest {

  /** A nanosecond clock the test moves. */
  static final class FakeClock {
    final AtomicLong nanos = new AtomicLong();

    long now() {
      return nanos.get();
    }

    void advanceMillis(long ms) {
      nanos.addAndGet(ms * 1_000_000L);
    }
  }

  /**
   * A solver that spends its whole budget on the fake clock and answers with its start (the greedy
   * plan for the hybrid, "reject everything" otherwise) as a FEASIBLE incumbent. It records, per
   * call, the budget it got and what was left of the run's deadline when it was called.
   */
  static final class BudgetSpender implements MilpPlanner.Solver {
    final FakeClock clock;
    final Deadline run;
    final List<long[]> calls = new ArrayList<>();

    BudgetSpender(FakeClock clock, Deadline run) {
      this.clock = clock;
      this.run = run;
    }

    @Override
    public OjAlgoSolver.Outcome solve(
        MilpFormulation f,
        double[] start,
        CancellationToken cancel,
        ProgressListener progress,
        SolveBudget budget) {
      calls.add(
          new long[] {budget.millis(), run.remainingMillis(), budget.end().remainingMillis()});
      clock.advanceMillis(budget.millis());
      double[] v = start != null ? start : f.warmStart(Map.of());
      return new OjAlgoSolver.Outcome(
          new SolverResult(
              SolverStatus.FEASIBLE,
              f.objective(v),
              Double.NaN,
              Double.NaN,
              f.variableCount(),
              f.integerCount(),
              f.constraintCount(),
              1,
              "fake solver: budget spent"),
          v);
    }
  }

  static final MilpPlanner.Solver NEVER_CALLED =
      (f, s, c, p, b) -> {
        throw new AssertionError("the solver must not be called for a refused model");
      };

  @Property(tries = 40, seed = "20261125")
  void theSolverGetsAtMostWhatIsLeftAndTheRunEndsByTheDeadline(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 1, max = 8) int count,
      @ForAll @LongRange(min = 50, max = 60_000) long limitMillis,
      @ForAll @IntRange(min = 0, max = 100) int percentSpentBefore,
      @ForAll boolean hybrid) {
    FakeClock clock = new FakeClock();
    Deadline deadline = Deadline.after(clock::now, Duration.ofMillis(limitMillis));
    // starting Java and reading the scenario took part of the limit already
    clock.advanceMillis(limitMillis * percentSpentBefore / 100);
    BudgetSpender solver = new BudgetSpender(clock, deadline);
    MilpOptions opts = MilpOptions.DEFAULT.withTimeLimit(Duration.ofMillis(limitMillis));
    PlanningContext ctx =
        new PlanningContext(null, ProgressListener.NONE, CancellationToken.NEVER, deadline);
    Plan plan = aPlan(1, 8192, 4, Instances.HORIZON);
    List<ReservationRequest> rs = Instances.generate(seed, count);

    List<Decision> ds;
    try {
      ds =
          hybrid
              ? new HybridPlanner(opts, new MilpPlanner(opts, solver)).placeAll(plan, rs, ctx)
              : new MilpPlanner(opts, solver).placeAll(plan, rs, ctx);
    } catch (ModelTooLargeException e) {
      // refused up front (the hybrid never refuses: it keeps its greedy plan)
      assertThat(hybrid).isFalse();
      assertThat(solver.calls).isEmpty();
      return;
    }

    assertThat(ds).hasSize(rs.size());
    for (long[] call : solver.calls) {
      assertThat(call[0]).as("budget vs what was left of the run").isLessThanOrEqualTo(call[1]);
      assertThat(call[0]).as("budget vs the time limit").isLessThanOrEqualTo(limitMillis);
      assertThat(call[2]).as("the solve's own end").isLessThanOrEqualTo(call[1]);
    }
    // the fake solver is the only thing that takes time: it never takes the run past its deadline
    assertThat(deadline.elapsedMillis()).isLessThanOrEqualTo(limitMillis);
    if (percentSpentBefore == 100) assertThat(solver.calls).as("no time left: no solve").isEmpty();
  }

  @Test
  void theSolverKeepsAFinishingShareBackAndGetsTheRestOfTheDeadline() {
    FakeClock clock = new FakeClock();
    Deadline deadline = Deadline.after(clock::now, Duration.ofSeconds(10));
    clock.advanceMillis(2_000);
    BudgetSpender solver = new BudgetSpender(clock, deadline);
    MilpOptions opts = MilpOptions.DEFAULT.withTimeLimit(Duration.ofSeconds(10));
    new MilpPlanner(opts, solver)
        .replan(
            aPlan(1, 8192, 4, Instances.HORIZON),
            Instances.generate(4, 3),
            opts,
            new PlanningContext(null, ProgressListener.NONE, CancellationToken.NEVER, deadline),
            Map.of());
    assertThat(solver.calls).hasSize(1);
    // 8 s left: 15% (1.2 s) kept for reading, re-placing and comparing, 6.8 s for the solver
    assertThat(solver.calls.get(0)[0]).isEqualTo(6_800);
  }

  // ---- the automatic grid keeps the budget it prints

  private static final Pattern NOTE =
      Pattern.compile(
          "more than the (\\d+) that .* solved on grid (\\d+) \\((\\d+) integer variables\\)");

  @Property(tries = 60, seed = "20261125")
  void theAutomaticGridNeverExceedsTheBudgetItPrints(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 1, max = 30) int count,
      @ForAll @IntRange(min = 20, max = 3_000) int horizon,
      @ForAll @LongRange(min = 1, max = 120) long availableSeconds) {
    Plan plan = aPlan(4, 8192, 8, horizon);
    List<ReservationRequest> rs = longWindows(seed, count, horizon);
    MilpOptions opts = MilpOptions.DEFAULT.withTimeLimit(Duration.ofSeconds(120));
    long available = availableSeconds * 1000;
    long budget = MilpOptions.integerBudget(available);
    MilpPlanner.Preflight pf;
    try {
      pf = MilpPlanner.preflight(plan, rs, opts, available, 0, true);
    } catch (ModelTooLargeException e) {
      assertThat(e.getMessage())
          .contains("more than the " + budget)
          .contains("--planner hybrid")
          .contains("--grid");
      assertThat(e.size().integers()).isGreaterThan(budget);
      return;
    }
    long integers = MilpFormulation.integerVariables(plan, rs, opts.withGrid(pf.grid()));
    assertThat(integers).isEqualTo(pf.size().integers()).isLessThanOrEqualTo(budget);
    if (pf.note() != null) {
      Matcher m = NOTE.matcher(pf.note());
      assertThat(m.find()).as(pf.note()).isTrue();
      assertThat(Long.parseLong(m.group(1))).isEqualTo(budget);
      assertThat(Integer.parseInt(m.group(2))).isEqualTo(pf.grid());
      assertThat(Long.parseLong(m.group(3))).isEqualTo(integers).isLessThanOrEqualTo(budget);
    }
  }

  /** Atoms in windows of 20 steps up to the whole horizon. */
  static List<ReservationRequest> longWindows(long seed, int count, int horizon) {
    SplittableRandom rnd = new SplittableRandom(seed);
    List<ReservationRequest> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int len = rnd.nextInt(Math.min(20, horizon), horizon + 1);
      int s = rnd.nextInt(0, horizon - len + 1);
      int g = rnd.nextInt(1, 3);
      int l = rnd.nextInt(1, 4);
      String atom =
          "atom(<1024,1>," + g + "," + 2 * g + "," + l + "," + g * l * rnd.nextInt(1, 6) + ")";
      String body = rnd.nextBoolean() ? atom : "order(" + atom + "," + atom + ")";
      out.add(req("r" + i, "window(" + body + "," + s + "," + (s + len) + ")"));
    }
    return out;
  }

  @Test
  void theSizeCountedBeforeTheBuildMatchesTheBuiltModel() {
    for (long seed = 1; seed <= 20; seed++) {
      List<ReservationRequest> rs = Instances.generate(seed, 5);
      for (int grid : new int[] {1, 2}) {
        MilpOptions o = MilpOptions.DEFAULT.withGrid(grid);
        Plan plan = aPlan(1, 8192, 4, Instances.HORIZON);
        MilpFormulation built = new MilpFormulation(plan, rs, o, null);
        ModelSize size = MilpFormulation.size(plan, rs, o, 0);
        assertThat(size.variables())
            .as("seed %d grid %d", seed, grid)
            .isEqualTo(built.variableCount());
        assertThat(size.integers()).isEqualTo(built.integerCount());
        assertThat(size.constraints()).isGreaterThanOrEqualTo(built.constraintCount());
      }
    }
  }

  // ---- refusal up front

  /**
   * 1,000 reservations over a day of minutes on a 256-node cluster, like the swim sample's shape.
   */
  static List<ReservationRequest> thousand() {
    SplittableRandom rnd = new SplittableRandom(1000);
    List<ReservationRequest> rs = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      int s = rnd.nextInt(0, 1500);
      rs.add(
          req(
              "r" + i,
              "window(atom(<1024,1>,1,8,1,"
                  + rnd.nextInt(10, 200)
                  + "),"
                  + s
                  + ","
                  + (s + 60 + rnd.nextInt(200))
                  + ")"));
    }
    return rs;
  }

  @Test
  void aThousandReservationsAreRefusedUpFrontNamingSizeLimitAndWhatToChange() {
    Plan plan = aPlan(256, 131072, 32, 1760);
    MilpOptions opts = MilpOptions.DEFAULT.withTimeLimit(Duration.ofSeconds(10));
    FakeClock clock = new FakeClock();
    PlanningContext ctx =
        new PlanningContext(
            null,
            ProgressListener.NONE,
            CancellationToken.NEVER,
            Deadline.after(clock::now, Duration.ofSeconds(10)));
    assertThatThrownBy(
            () -> new MilpPlanner(opts, NEVER_CALLED).replan(plan, thousand(), opts, ctx, Map.of()))
        .isInstanceOf(ModelTooLargeException.class)
        .hasMessageContaining("1000 reservations")
        .hasMessageContaining("integer variables")
        .hasMessageContaining("more than the 160 that a 10 s time limit allows")
        .hasMessageContaining("--planner hybrid")
        .hasMessageContaining("--grid K")
        .hasMessageContaining("--time-limit");
    // a fixed grid is held to ten times the budget
    assertThatThrownBy(
            () ->
                new MilpPlanner(opts, NEVER_CALLED)
                    .replan(plan, thousand(), opts.withGrid(4), ctx, Map.of()))
        .isInstanceOf(ModelTooLargeException.class)
        .hasMessageContaining("a fixed grid may have at most 1600 integer variables")
        .hasMessageContaining("coarser --grid");
  }

  @Test
  void aModelAboveTheMemoryIsRefusedUpFront() {
    Plan plan = aPlan(1, 8192, 4, Instances.HORIZON);
    MilpOptions opts = MilpOptions.DEFAULT.withMemoryBytes(64 << 10);
    assertThatThrownBy(
            () ->
                new MilpPlanner(opts, NEVER_CALLED)
                    .replan(
                        plan, Instances.generate(7, 6), opts, PlanningContext.DEFAULT, Map.of()))
        .isInstanceOf(ModelTooLargeException.class)
        .hasMessageContaining("too large for the memory")
        .hasMessageContaining("MB")
        .hasMessageContaining("-Xmx");
    assertThat(MilpOptions.parseBytes("2g")).isEqualTo(2L << 30);
    assertThat(MilpOptions.parseBytes("512m")).isEqualTo(512L << 20);
    assertThatThrownBy(() -> MilpOptions.parseBytes("lots"))
        .hasMessageContaining("memory")
        .hasMessageContaining("2g");
  }

  @Test
  void theHybridKeepsTheGreedyPlanWhenTheMilpIsRefused() {
    Plan plan = aPlan(256, 131072, 32, 1760);
    MilpOptions opts = MilpOptions.DEFAULT.withTimeLimit(Duration.ofSeconds(10));
    HybridPlanner h = new HybridPlanner(opts, new MilpPlanner(opts, NEVER_CALLED));
    MilpResult r = h.plan(plan, thousand(), PlanningContext.DEFAULT);
    assertThat(r.acceptedCount()).isEqualTo(1000);
    assertThat(r.notes())
        .anySatisfy(n -> assertThat(n).startsWith("the MILP was not run: ").contains("too large"));
    assertThat(h.report()).containsEntry("chosen", "greel").containsEntry("solverStatus", "FAILED");
  }

  // ---- a solve that overruns is abandoned at its deadline

  @Test
  void aSolveStuckInsideOneLpIsAbandonedAtItsDeadline() throws Exception {
    FakeClock clock = new FakeClock();
    Deadline end = Deadline.after(clock::now, Duration.ofSeconds(1));
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch started = new CountDownLatch(1);
    AtomicBoolean stopAsked = new AtomicBoolean();
    String[] result = new String[] {"not returned"};
    Thread caller =
        new Thread(
            () ->
                result[0] =
                    OjAlgoSolver.bounded(
                        () -> {
                          started.countDown();
                          try {
                            release.await(); // an LP that does not look at its time limit
                          } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                          }
                          return "late";
                        },
                        end,
                        () -> stopAsked.set(true),
                        CancellationToken.NEVER));
    caller.start();
    assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
    clock.advanceMillis(1_000);
    caller.join(TimeUnit.SECONDS.toMillis(30));
    assertThat(caller.isAlive()).isFalse();
    assertThat(stopAsked).isTrue();
    assertThat(result[0]).isNull();
    release.countDown();
  }

  @Test
  void aBoundedSolveThatFinishesReturnsItsResultAndItsErrors() {
    FakeClock clock = new FakeClock();
    Deadline end = Deadline.after(clock::now, Duration.ofSeconds(1));
    assertThat(OjAlgoSolver.bounded(() -> "done", end, () -> {}, CancellationToken.NEVER))
        .isEqualTo("done");
    assertThatThrownBy(
            () ->
                OjAlgoSolver.bounded(
                    () -> {
                      throw new IllegalStateException("solver broke");
                    },
                    end,
                    () -> {},
                    CancellationToken.NEVER))
        .hasMessage("solver broke");
  }

  // ---- progress text

  @Test
  void progressShowsElapsedAgainstTheLimitTheIncumbentAndTheGapOnce() {
    Plan plan = aPlan(1, 8192, 4, 12);
    MilpFormulation f =
        new MilpFormulation(
            plan, List.of(req("a", "atom(<1024,1>,1,4,1,12)")), MilpOptions.DEFAULT, null);
    OjAlgoSolver.Outcome solved =
        OjAlgoSolver.solve(
            f,
            f.warmStart(Map.of()),
            CancellationToken.NEVER,
            ProgressListener.NONE,
            SolveBudget.unclocked(30_000));
    FakeClock clock = new FakeClock();
    Deadline run = Deadline.after(clock::now, Duration.ofSeconds(10));
    clock.advanceMillis(3_200);
    List<String> messages = new ArrayList<>();
    List<Double> fractions = new ArrayList<>();
    SearchMonitor m =
        new SearchMonitor(
            f,
            f.warmStart(Map.of()),
            0.0,
            (fr, msg) -> {
              fractions.add(fr);
              messages.add(msg);
            },
            CancellationToken.NEVER,
            () -> {},
            true,
            run);
    m.integerSolution(solved.values());

    assertThat(messages).hasSize(1);
    String msg = messages.get(0);
    assertThat(msg)
        .startsWith(SearchMonitor.INCUMBENT + " at 3.2 s of 10.0 s: incumbent ")
        .contains(", bound ")
        .contains(", gap ")
        .doesNotContain("incumbent incumbent");
    assertThat(msg.split("incumbent", -1)).as("'incumbent' once: %s", msg).hasSize(2);
    assertThat(fractions.get(0)).isEqualTo(0.32);
  }

  // ---- cancel keeps the best plan found so far (clocked solve)

  @Test
  void cancelDuringAClockedSolveKeepsTheBestPlanFoundSoFar() {
    CancellationToken cancel = new CancellationToken();
    ProgressListener onFirst =
        (fr, msg) -> {
          if (msg.startsWith(SearchMonitor.INCUMBENT)) cancel.cancel();
        };
    MilpOptions opts = MilpOptions.DEFAULT.withTimeLimit(Duration.ofSeconds(30));
    MilpPlanner p = new MilpPlanner(opts);
    ReservationSystem rs =
        new ReservationSystem(aPlan(1, 8192, 4, Instances.HORIZON), p, SharingPolicySpec.NONE)
            .setSelfChecking(true)
            .setTask(onFirst, cancel)
            .setDeadline(Deadline.after(System::nanoTime, Duration.ofSeconds(30)));
    rs.submitAll(Instances.generate(13, 4));

    MilpResult r = p.lastResult();
    assertThat(r.solver().status()).isEqualTo(SolverStatus.CANCELLED);
    assertThat(r.acceptedCount()).isPositive();
    assertThat(PlanValidator.validate(rs.plan(), SharingPolicySpec.NONE)).isEmpty();
  }

  @Test
  void aMilpResultBelowGreeLSaysSo() {
    // no time for the solver at all: everything rejected, and GREE-L accepts them
    FakeClock clock = new FakeClock();
    Deadline deadline = Deadline.after(clock::now, Duration.ofMillis(50));
    MilpOptions opts = MilpOptions.DEFAULT.withTimeLimit(Duration.ofMillis(50));
    MilpPlanner p = new MilpPlanner(opts, NEVER_CALLED);
    MilpResult r =
        p.replan(
            aPlan(1, 8192, 4, Instances.HORIZON),
            List.of(req("a", "atom(<1024,1>,1,2,1,4)")),
            opts,
            new PlanningContext(null, ProgressListener.NONE, CancellationToken.NEVER, deadline),
            Map.of());
    assertThat(r.acceptedCount()).isZero();
    assertThat(r.greeLAccepted()).isEqualTo(1);
    assertThat(r.belowGreeL()).isTrue();
    assertThat(r.notes())
        .anySatisfy(
            n -> assertThat(n).contains("fewer than GREE-L's 1").contains("--planner hybrid"));
    assertThat(MilpPlanner.report(r))
        .containsEntry("belowGreeL", true)
        .containsEntry("greeLAccepted", 1);
  }
}
