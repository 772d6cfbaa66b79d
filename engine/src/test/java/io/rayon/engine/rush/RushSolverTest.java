package io.rayon.engine.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.plugin.Options;
import io.rayon.model.rush.UtilityFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class RushSolverTest {

  static RushJobState job(
      String id,
      UtilityFunction u,
      double arrival,
      int pending,
      double[] running,
      double[] finished) {
    return new RushJobState(id, u, arrival, pending, running, finished, 60);
  }

  @Test
  void anUrgentJobGetsTheFreeContainersAndAnInsensitiveOneWaits() {
    RushSolver solver = new RushSolver(RushOptions.PAPER);
    List<RushJobState> jobs =
        List.of(
            job(
                "relaxed",
                new UtilityFunction.Constant(3),
                0,
                20,
                new double[0],
                new double[] {55, 60, 65}),
            job(
                "urgent",
                new UtilityFunction.Sigmoid(3, 0.5, 400),
                0,
                20,
                new double[0],
                new double[] {55, 60, 65}));
    RushDecision d = solver.solve(10, 10, jobs);
    assertThat(d.containersNow()[1]).isGreaterThan(d.containersNow()[0]);
    assertThat(d.targetCompletion()[0]).isInfinite();
    assertThat(d.targetCompletion()[1]).isLessThanOrEqualTo(400);
    assertThat(d.hopeless()).containsExactly(false, false);
    assertThat(d.eta()[1]).isGreaterThan(20 * 60); // the robust quantile is above the mean demand
  }

  @Test
  void aJobWhoseUtilityAlreadyReachedZeroIsHopeless() {
    RushSolver solver = new RushSolver(RushOptions.PAPER);
    List<RushJobState> jobs =
        List.of(
            job("late", new UtilityFunction.Linear(2, 0.1, 50), 0, 5, new double[0], new double[0]),
            job(
                "fine",
                new UtilityFunction.Linear(2, 0.001, 5000),
                0,
                5,
                new double[0],
                new double[0]));
    RushDecision d = solver.solve(200, 4, jobs);
    assertThat(d.hopeless()).containsExactly(true, false);
    assertThat(d.targetUtility()[0]).isZero();
    assertThat(d.targetUtility()[1]).isPositive();
  }

  @Test
  void solvingTwiceGivesTheSameDecision() {
    List<RushJobState> jobs = randomJobs(new Random(5), 40, 100);
    RushSolver solver = new RushSolver(RushOptions.PAPER);
    RushDecision a = solver.solve(100, 20, jobs);
    RushDecision b = solver.solve(100, 20, jobs);
    assertThat(a.toString()).isEqualTo(b.toString());
  }

  @Test
  void optionsComeFromPluginOptionsWithPaperDefaults() {
    assertThat(RushOptions.from(Options.parse("rush", RushOptions.specs(), Map.of())))
        .isEqualTo(RushOptions.PAPER);
    RushOptions o =
        RushOptions.from(
            Options.parse(
                "rush",
                RushOptions.specs(),
                Map.of("theta", "0.95", "estimator", "mean", "delta", "0")));
    assertThat(o).isEqualTo(new RushOptions(0.95, 0, "mean", 1000, 1e-4));
    assertThatThrownBy(() -> Options.parse("rush", RushOptions.specs(), Map.of("theta", "1.5")))
        .hasMessageContaining("theta");
    assertThatThrownBy(() -> new RushOptions(1, 0.7, "gaussian", 1000, 1e-4))
        .hasMessageContaining("theta");
    assertThatThrownBy(() -> new RushOptions(0.9, 0.7, "median", 1000, 1e-4))
        .hasMessageContaining("gaussian, mean");
    assertThatThrownBy(
            () -> new RushJobState("x", new UtilityFunction.Constant(1), 0, -1, null, null, 60))
        .hasMessageContaining("x")
        .hasMessageContaining("pending");
    assertThatThrownBy(
            () ->
                new RushJobState(
                    "x", new UtilityFunction.Constant(1), 0, 1, new double[] {-1}, null, 60))
        .hasMessageContaining("running elapsed time [0]");
  }

  static List<RushJobState> randomJobs(Random r, int n, double now) {
    List<RushJobState> jobs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double w = 1 + r.nextInt(5);
      double budget = 100 + r.nextDouble() * 2000;
      UtilityFunction u =
          switch (r.nextInt(3)) {
            case 0 -> new UtilityFunction.Sigmoid(w, 0.5, budget);
            case 1 -> new UtilityFunction.Sigmoid(w, 0.01, budget);
            default -> new UtilityFunction.Constant(w);
          };
      int running = r.nextInt(3);
      double[] el = new double[running];
      for (int k = 0; k < running; k++) el[k] = r.nextDouble() * 80;
      double[] fin = new double[r.nextInt(30)];
      double mean = 20 + r.nextDouble() * 60;
      for (int k = 0; k < fin.length; k++)
        fin[k] = Math.max(1, mean + 0.3 * mean * r.nextGaussian());
      jobs.add(
          new RushJobState("j" + i, u, now - r.nextDouble() * 300, r.nextInt(60), el, fin, mean));
    }
    return jobs;
  }

  @Property(tries = 100)
  void everyJobEndsWithinItsTargetPlusOneTaskRuntime(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
    Random r = new Random(seed);
    List<RushJobState> jobs = randomJobs(r, 1 + r.nextInt(30), 500);
    int running = jobs.stream().mapToInt(RushJobState::running).sum();
    int capacity = Math.max(1, running + r.nextInt(20));
    RushOptions options =
        r.nextBoolean() ? RushOptions.PAPER : new RushOptions(0.9, 0.7, "mean", 1000, 1e-4);
    RushDecision d = new RushSolver(options).solve(500, capacity, jobs);
    DemandEstimator est = DemandEstimator.of(options);
    int now = 0;
    for (int i = 0; i < jobs.size(); i++) {
      double t = d.targetCompletion()[i];
      double rt = est.estimate(jobs.get(i)).taskRuntime();
      if (Double.isFinite(t))
        assertThat(d.projectedCompletion()[i])
            .as("seed %d job %d", seed, i)
            .isLessThanOrEqualTo(t + rt + 1e-6 * t);
      assertThat(d.containersNow()[i])
          .isBetween(jobs.get(i).running(), jobs.get(i).running() + jobs.get(i).pendingTasks());
      assertThat(d.targetCompletion()[i]).isGreaterThanOrEqualTo(500);
      now += d.containersNow()[i];
    }
    assertThat(now).isLessThanOrEqualTo(capacity);
  }
}
