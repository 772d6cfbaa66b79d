package io.rayon.engine.rush;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.rush.UtilityFunction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The faster onion peeling (issue 16, item 9) gives exactly the results of the algorithm as it was
 * ({@link OnionPeelingReference}): the same levels, targets, utilities, hopeless flags and layer
 * count, bit for bit, and so the same RUSH decision (η, targets, slot mapping, containers now).
 */
class OnionPeelingSameResultsTest {

  /**
   * Generated instances that provoke the algorithm's branches: ties (jobs with the same utility,
   * arrival and work), jobs without work, constant utilities (infinite deadlines), steep sigmoids,
   * busy containers that delay jobs' earliest completion, hopeless jobs (old arrivals), and a
   * varied tolerance.
   */
  static OnionPeelingPropertyTest.Instance instance(long seed, int maxJobs) {
    Random r = new Random(seed);
    int n = 1 + r.nextInt(maxJobs);
    int c = 1 + r.nextInt(8);
    double now = r.nextInt(3) == 0 ? 0 : r.nextDouble() * 1000;
    int busyCount = r.nextInt(c + 2);
    double[] busy = new double[busyCount];
    int[] owner = new int[busyCount];
    double[] earliest = new double[n];
    Arrays.fill(earliest, now);
    for (int b = 0; b < busyCount; b++) {
      busy[b] = r.nextInt(4) == 0 ? 10 * (1 + r.nextInt(3)) : r.nextDouble() * 60;
      owner[b] = r.nextInt(n);
      earliest[owner[b]] = Math.max(earliest[owner[b]], now + busy[b]);
    }
    List<OnionPeeling.Job> jobs = new ArrayList<>();
    double[] runtime = new double[n];
    for (int j = 0; j < n; j++) {
      if (j > 0 && r.nextInt(4) == 0) { // a twin of an earlier job: ties everywhere
        OnionPeeling.Job twin = jobs.get(r.nextInt(j));
        jobs.add(new OnionPeeling.Job(twin.utility(), twin.arrival(), twin.work(), earliest[j]));
        runtime[j] = runtime[jobs.indexOf(twin)];
        continue;
      }
      UtilityFunction u =
          r.nextInt(4) == 0
              ? new UtilityFunction.Sigmoid(1 + r.nextInt(5), 0.5, 20 + r.nextDouble() * 200)
              : OnionPeelingPropertyTest.randomUtility(r);
      double work = r.nextInt(6) == 0 ? 0 : r.nextInt(3) == 0 ? 60 : 1 + r.nextDouble() * 400;
      double arrival = now - (r.nextInt(5) == 0 ? 2000 : r.nextDouble() * 200);
      jobs.add(new OnionPeeling.Job(u, arrival, work, earliest[j]));
      runtime[j] = 1 + r.nextDouble() * 30;
    }
    return new OnionPeelingPropertyTest.Instance(now, c, busy, jobs, runtime, owner);
  }

  static void assertSame(OnionPeeling.Result got, OnionPeeling.Result want, String what) {
    assertThat(got.level()).as("%s: levels", what).containsExactly(want.level());
    assertThat(got.targetCompletion())
        .as("%s: targets", what)
        .containsExactly(want.targetCompletion());
    assertThat(got.targetUtility()).as("%s: utilities", what).containsExactly(want.targetUtility());
    assertThat(got.hopeless()).as("%s: hopeless", what).containsExactly(want.hopeless());
    assertThat(got.layers()).as("%s: layers", what).isEqualTo(want.layers());
  }

  @Property(tries = 500)
  void theFasterOnionPeelingGivesTheReferenceResultsExactly(
      @ForAll @LongRange(min = 0, max = 100_000_000) long seed,
      @ForAll @IntRange(min = 0, max = 3) int toleranceChoice) {
    OnionPeelingPropertyTest.Instance in = instance(seed, 40);
    double tolerance = new double[] {1e-4, 1e-8, 1e-2, 1e-6}[toleranceChoice];
    OnionPeeling.Result got =
        OnionPeeling.solve(in.now(), in.capacity(), in.busy(), in.jobs(), tolerance);
    OnionPeeling.Result want =
        OnionPeelingReference.solve(in.now(), in.capacity(), in.busy(), in.jobs(), tolerance);
    assertSame(got, want, "seed " + seed + ", tolerance " + tolerance);
  }

  // ---------------------------------------------------------------- whole solve

  /**
   * The solver's re-solve with the onion peeling as it was before the speed work (the only step
   * that work changed): the decision the solver must still give.
   */
  static RushDecision referenceSolve(
      RushOptions options, double now, int capacity, List<RushJobState> jobs) {
    return new RushSolver(options)
        .solve(
            now,
            capacity,
            jobs,
            (t, c, residual, peelJobs) ->
                OnionPeelingReference.solve(t, c, residual, peelJobs, options.tolerance()));
  }

  /**
   * A scheduling event like the solver benchmark's (bench RushSolverBenchmark): WordCount-like
   * jobs, sigmoid utilities of three sensitivities, 90 % of the containers busy.
   */
  static List<RushJobState> benchmarkLikeEvent(Random r, int n, int capacity, double now) {
    double span = 130.0 * n / 10;
    int[] tasks = new int[n];
    double[] mean = new double[n];
    double[] sd = new double[n];
    int[] started = new int[n];
    for (int i = 0; i < n; i++) {
      tasks[i] = (int) Math.ceil((1 + 9 * r.nextDouble()) * 8) + 1;
      mean[i] = 30 + 60 * r.nextDouble();
      sd[i] = mean[i] * (0.1 + 0.2 * r.nextDouble());
      started[i] = r.nextInt(tasks[i] + 1) / (1 + r.nextInt(4));
    }
    List<List<Double>> running = new ArrayList<>();
    for (int i = 0; i < n; i++) running.add(new ArrayList<>());
    for (int c = 0; c < (int) (capacity * 0.9); c++) {
      int i = r.nextInt(n);
      if (started[i] >= tasks[i]) continue;
      running.get(i).add(r.nextDouble() * mean[i]);
      started[i]++;
    }
    List<RushJobState> jobs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int done = Math.max(0, started[i] - running.get(i).size());
      double[] finished = new double[done];
      for (int k = 0; k < done; k++) finished[k] = Math.max(1, mean[i] + sd[i] * r.nextGaussian());
      double[] el = running.get(i).stream().mapToDouble(Double::doubleValue).toArray();
      int pending = tasks[i] - started[i];
      if (pending == 0 && el.length == 0) pending = 1;
      double benchmarked = tasks[i] * mean[i] / capacity + mean[i];
      double u = r.nextDouble();
      double beta = u < 0.2 ? 0.5 : u < 0.8 ? 0.02 : 0.0005;
      UtilityFunction utility =
          new UtilityFunction.Sigmoid(1 + r.nextInt(5), beta, 2 * benchmarked);
      jobs.add(
          new RushJobState(
              "wc" + i, utility, now - span * r.nextDouble(), pending, el, finished, mean[i]));
    }
    return jobs;
  }

  static void assertSameDecision(RushDecision got, RushDecision want, String what) {
    assertThat(got.eta()).as("%s: eta", what).containsExactly(want.eta());
    assertThat(got.targetCompletion())
        .as("%s: targets", what)
        .containsExactly(want.targetCompletion());
    assertThat(got.projectedCompletion())
        .as("%s: projected", what)
        .containsExactly(want.projectedCompletion());
    assertThat(got.targetUtility()).as("%s: utilities", what).containsExactly(want.targetUtility());
    assertThat(got.containersNow())
        .as("%s: containers now", what)
        .containsExactly(want.containersNow());
    assertThat(got.hopeless()).as("%s: hopeless", what).containsExactly(want.hopeless());
    assertThat(got.layers()).as("%s: layers", what).isEqualTo(want.layers());
  }

  @Property(tries = 60)
  void aWholeSolveGivesTheReferenceDecisionExactly(
      @ForAll @LongRange(min = 0, max = 100_000_000) long seed,
      @ForAll @IntRange(min = 2, max = 150) int jobs,
      @ForAll @IntRange(min = 1, max = 64) int capacity) {
    List<RushJobState> event = benchmarkLikeEvent(new Random(seed), jobs, capacity, 50_000);
    RushDecision got = new RushSolver(RushOptions.PAPER).solve(50_000, capacity, event);
    RushDecision want = referenceSolve(RushOptions.PAPER, 50_000, capacity, event);
    assertSameDecision(got, want, "seed " + seed + ", " + jobs + " jobs, C = " + capacity);
  }

  @Test
  void theBenchmarkScaleEventsGiveTheReferenceDecisionExactly() {
    for (int n : new int[] {1000, 3000}) {
      List<RushJobState> event = benchmarkLikeEvent(new Random(16 + n), n, 48, 100_000);
      RushDecision got = new RushSolver(RushOptions.PAPER).solve(100_000, 48, event);
      RushDecision want = referenceSolve(RushOptions.PAPER, 100_000, 48, event);
      assertSameDecision(got, want, n + " jobs");
      assertThat(want.layers()).as("a non-trivial event").isGreaterThan(50);
    }
  }
}
