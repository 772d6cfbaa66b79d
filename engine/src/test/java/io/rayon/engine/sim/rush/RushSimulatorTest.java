package io.rayon.engine.sim.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.CancelledException;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.rush.RuntimeDistribution;
import io.rayon.model.rush.RushJobSpec;
import io.rayon.model.rush.RushScenario;
import io.rayon.model.rush.UtilityFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class RushSimulatorTest {
  static RushJobSpec job(String id, double arrival, int tasks, double runtime, UtilityFunction u) {
    return new RushJobSpec(
        id, "t", "c", arrival, tasks, new RuntimeDistribution.Fixed(runtime), 0, u);
  }

  static RushScenario scenario(int containers, RushJobSpec... jobs) {
    return RushScenario.of("hand", "", containers, 1, 1, List.of(jobs));
  }

  static RushRunResult run(RushScenario s, RushScheduler sch) {
    return RushSimulator.run(s, sch, ProgressListener.NONE, CancellationToken.NEVER);
  }

  static double completion(RushRunResult r, String id) {
    return r.jobs().stream().filter(j -> j.id().equals(id)).findFirst().orElseThrow().completion();
  }

  /** One container: A's two tasks first (it arrived first), then B, then C. */
  @Test
  void fifoServesJobsInArrivalOrder() {
    RushScenario s =
        scenario(
            1,
            job("A", 0, 2, 10, new UtilityFunction.Linear(1, 0.01, 100)),
            job("B", 1, 1, 5, new UtilityFunction.Linear(1, 0.01, 50)),
            job("C", 2, 1, 1, new UtilityFunction.Linear(1, 0.01, 5)));
    RushRunResult r = run(s, new FifoScheduler());
    assertThat(completion(r, "A")).isEqualTo(20);
    assertThat(completion(r, "B")).isEqualTo(25);
    assertThat(completion(r, "C")).isEqualTo(26);
    assertThat(r.jobs().get(2).latency()).isEqualTo(24);
    assertThat(r.jobs().get(2).deadlineMissed()).isTrue(); // deadline 2 + 5
    assertThat(r.jobs().get(0).deadlineMissed()).isFalse();
    assertThat(r.metrics().deadlineMisses()).isEqualTo(1); // only C (deadline 7)
  }

  /**
   * At t = 10 the free container goes to C (deadline 7), then B (51), then A's second task (100).
   */
  @Test
  void edfServesTheEarliestDeadlineFirst() {
    RushScenario s =
        scenario(
            1,
            job("A", 0, 2, 10, new UtilityFunction.Linear(1, 0.01, 100)),
            job("B", 1, 1, 5, new UtilityFunction.Linear(1, 0.01, 50)),
            job("C", 2, 1, 1, new UtilityFunction.Linear(1, 0.01, 5)),
            job("D", 3, 1, 1, new UtilityFunction.Constant(1))); // no deadline: last
    RushRunResult r = run(s, new EdfScheduler());
    assertThat(completion(r, "C")).isEqualTo(11);
    assertThat(completion(r, "B")).isEqualTo(16);
    assertThat(completion(r, "A")).isEqualTo(26);
    assertThat(completion(r, "D")).isEqualTo(27);
    assertThat(r.jobs().get(3).deadline()).isInfinite();
    assertThat(r.jobs().get(3).deadlineMissed()).isFalse();
  }

  /**
   * X never loses utility, Y loses 0.1 per second: running X first costs Y 10 × 0.1, so RRH runs Y
   * first (reward Y = 0.3 · 1 / 1.001 / 10 > 0 > reward X = (0.3 · 1 / 1.001 − 0.7 · 10 · 0.1) /
   * 10); FIFO runs X first (same arrival, scenario order).
   */
  @Test
  void rrhRunsTheJobWhoseDelayCostsTheOthersMostFirst() {
    RushScenario s =
        scenario(
            1,
            job("X", 0, 1, 10, new UtilityFunction.Linear(1, 0, 10)),
            job("Y", 0, 1, 10, new UtilityFunction.Linear(1, 0.1, 10)));
    RushRunResult rrh =
        run(s, new RrhScheduler(RrhScheduler.DEFAULT_ALPHA, RrhScheduler.DEFAULT_DISCOUNT));
    assertThat(completion(rrh, "Y")).isEqualTo(10);
    assertThat(completion(rrh, "X")).isEqualTo(20);
    RushRunResult fifo = run(s, new FifoScheduler());
    assertThat(completion(fifo, "X")).isEqualTo(10);
    assertThat(rrh.metrics().meanUtility()).isGreaterThan(fifo.metrics().meanUtility());
  }

  /**
   * The FIFO baseline is work-conserving: a job with fewer tasks than free containers leaves the
   * rest to the next.
   */
  @Test
  void baselinesHandOutEveryFreeContainer() {
    RushScenario s =
        scenario(
            4,
            job("A", 0, 1, 10, new UtilityFunction.Constant(1)),
            job("B", 0, 5, 10, new UtilityFunction.Constant(1)));
    for (RushScheduler sch :
        List.of(new FifoScheduler(), new EdfScheduler(), new RrhScheduler(0.3, 1e-4))) {
      RushRunResult r = run(s, sch);
      assertThat(completion(r, "A")).as(sch.name()).isEqualTo(10);
      assertThat(completion(r, "B")).as(sch.name()).isEqualTo(20);
      assertThat(r.snapshots().get(0).busy()).as(sch.name()).isEqualTo(4);
      // B holds 3 containers with 2 tasks waiting: (2 × 10 + 3 × 10) / 3 seconds to go
      assertThat(r.snapshots().get(0).projectedCompletion()[1]).isEqualTo(50 / 3.0);
      assertThat(r.snapshots().get(0).targetCompletion()[1]).isNaN();
    }
  }

  @Test
  void sameSeedSameResultOtherSeedOtherRuntimes() {
    RushScenario s = RushGenerator.generate(RushGenerator.Params.PAPER.withJobs(25).withSeed(5));
    for (Supplier<RushScheduler> sch :
        List.<Supplier<RushScheduler>>of(
            FifoScheduler::new,
            EdfScheduler::new,
            () -> new RrhScheduler(0.3, 1e-4),
            () -> RushSchedulers.create("rush", Map.of()))) {
      RushRunResult a = run(s, sch.get());
      RushRunResult b = run(s, sch.get());
      assertThat(a.jobs()).isEqualTo(b.jobs());
      assertThat(a.metrics()).isEqualTo(b.metrics());
      assertThat(a.snapshots()).hasSameSizeAs(b.snapshots());
    }
    RushScenario other =
        new RushScenario(
            s.formatVersion(),
            s.name(),
            s.description(),
            s.containers(),
            s.slotSeconds(),
            6,
            s.jobs());
    assertThat(RushSimulator.taskRuntimes(other, 0)).isNotEqualTo(RushSimulator.taskRuntimes(s, 0));
    assertThat(run(other, new FifoScheduler()).jobs())
        .isNotEqualTo(run(s, new FifoScheduler()).jobs());
  }

  @Test
  void cancellationStopsTheRunAndProgressReachesOne() {
    RushScenario s = RushGenerator.generate(RushGenerator.Params.PAPER.withJobs(40));
    CancellationToken token = new CancellationToken();
    List<Double> seen = new ArrayList<>();
    assertThatThrownBy(
            () ->
                RushSimulator.run(
                    s,
                    new FifoScheduler(),
                    (f, m) -> {
                      seen.add(f);
                      if (f > 0.2) token.cancel();
                    },
                    token))
        .isInstanceOf(CancelledException.class);
    List<Double> all = new ArrayList<>();
    RushSimulator.run(s, new FifoScheduler(), (f, m) -> all.add(f), CancellationToken.NEVER);
    assertThat(all.get(all.size() - 1)).isEqualTo(1.0);
    assertThat(all).isSorted();
  }

  @Test
  void snapshotsAreThinnedToTheLimit() {
    List<RushJobSpec> jobs = new ArrayList<>();
    for (int i = 0; i < 3; i++)
      jobs.add(
          new RushJobSpec(
              "j" + i,
              "",
              "",
              i,
              20_000,
              new RuntimeDistribution.Uniform(1, 3),
              0,
              new UtilityFunction.Constant(1)));
    RushScenario s = RushScenario.of("many", "", 2, 1, 3, jobs);
    RushRunResult r = run(s, new FifoScheduler());
    assertThat(r.snapshots().size())
        .isBetween(RushSimulator.maxSnapshots(3) / 2, RushSimulator.maxSnapshots(3));
    assertThat(r.snapshots()).extracting(RushSnapshot::time).isSorted();
    RushSnapshot last = r.snapshots().get(r.snapshots().size() - 1);
    assertThat(last.finished()).containsOnly(true);
    assertThat(last.time()).isEqualTo(r.metrics().makespan());
  }

  /**
   * Checks every event: free + held = C, grants within the free containers, and counts every task
   * start.
   */
  static final class Checking implements RushScheduler {
    final RushScheduler inner;
    final int capacity;
    final int[] started;

    Checking(RushScheduler inner, RushScenario s) {
      this.inner = inner;
      this.capacity = s.containers();
      this.started = new int[s.jobs().size()];
    }

    @Override
    public String name() {
      return inner.name();
    }

    @Override
    public String settings() {
      return inner.settings();
    }

    @Override
    public Grant schedule(Event e) {
      int held = 0;
      for (JobView j : e.jobs()) {
        held += j.runningTasks();
        for (double x : j.runningElapsed()) assertThat(x).isBetween(0.0, e.now());
        assertThat(j.pendingTasks() + j.runningTasks() + j.finishedTasks())
            .isEqualTo(j.spec().tasks());
        assertThat(j.spec().arrival()).isLessThanOrEqualTo(e.now());
      }
      assertThat(held + e.free()).isEqualTo(capacity);
      assertThat(e.free()).isPositive();
      Grant g = inner.schedule(e);
      assertThat(g.containers().length).isLessThanOrEqualTo(e.free());
      for (int k : g.containers()) started[e.jobs().get(k).index()]++;
      return g;
    }
  }

  @Property(tries = 80)
  void conservation(@ForAll("scenarios") RushScenario s, @ForAll("schedulers") String name) {
    RushScheduler inner = RushSchedulers.create(name, Map.of());
    Checking c = new Checking(inner, s);
    RushRunResult r = run(s, c);
    double work = 0;
    for (int i = 0; i < s.jobs().size(); i++) {
      RushJobSpec spec = s.jobs().get(i);
      RushJobResult j = r.jobs().get(i);
      assertThat(c.started[i]).as("tasks of " + spec.id() + " started").isEqualTo(spec.tasks());
      double[] rt = RushSimulator.taskRuntimes(s, i);
      double max = 0;
      double sum = 0;
      for (double x : rt) {
        max = Math.max(max, x);
        sum += x;
      }
      work += sum;
      assertThat(j.completion()).isGreaterThanOrEqualTo(spec.arrival() + max);
      assertThat(j.completion())
          .isGreaterThanOrEqualTo(spec.arrival() + sum / s.containers() - 1e-6);
      assertThat(j.latency()).isEqualTo(j.completion() - spec.arrival());
      assertThat(j.utility()).isEqualTo(spec.utility().value(j.latency()));
    }
    assertThat(r.metrics().makespan() * s.containers()).isGreaterThanOrEqualTo(work - 1e-6);
    for (RushSnapshot snap : r.snapshots()) assertThat(snap.busy()).isBetween(0, s.containers());
  }

  @Provide
  Arbitrary<String> schedulers() {
    return Arbitraries.of(RushSchedulers.names());
  }

  @Provide
  Arbitrary<RushScenario> scenarios() {
    return Combinators.combine(
            Arbitraries.integers().between(1, 8),
            Arbitraries.integers().between(1, 12),
            Arbitraries.longs())
        .as(
            (c, n, seed) -> {
              SplittableRandom r = new SplittableRandom(seed);
              List<RushJobSpec> jobs = new ArrayList<>();
              for (int i = 0; i < n; i++) {
                double m = 1 + r.nextInt(50);
                RuntimeDistribution d =
                    r.nextBoolean()
                        ? RuntimeDistribution.Normal.of(m, m / 3)
                        : new RuntimeDistribution.Fixed(m);
                UtilityFunction u =
                    r.nextBoolean()
                        ? new UtilityFunction.Sigmoid(1 + r.nextInt(5), 0.05, 50 + r.nextInt(200))
                        : new UtilityFunction.Linear(1 + r.nextInt(5), 0.01, 10 + r.nextInt(100));
                jobs.add(
                    new RushJobSpec(
                        "j" + i, "", "", r.nextInt(4) * 7.0, 1 + r.nextInt(10), d, 0, u));
              }
              return RushScenario.of("gen", "", c, 1, seed, jobs);
            });
  }

  /**
   * The simulator keeps each job's mean task runtime as its tasks finish; at every event it must be
   * exactly the mean of the finished runtimes the job shows (the prior before any finished), as the
   * interface defines it.
   */
  @Test
  void theMeanTaskRuntimeAtEveryEventIsExactlyTheMeanOfTheFinishedRuntimes() {
    RushScenario s = RushGenerator.generate(RushGenerator.Params.PAPER.withJobs(30).withSeed(11));
    RushScheduler edf = new EdfScheduler();
    int[] checked = new int[2];
    RushScheduler checking =
        new RushScheduler() {
          @Override
          public String name() {
            return "checking";
          }

          @Override
          public String settings() {
            return "";
          }

          @Override
          public Grant schedule(Event e) {
            for (JobView j : e.jobs()) {
              double[] f = j.finishedRuntimes();
              double expected = j.spec().runtime().mean();
              if (f.length > 0) {
                double sum = 0;
                for (double v : f) sum += v;
                expected = sum / f.length;
                checked[1]++;
              }
              assertThat(j.meanTaskRuntime()).isEqualTo(expected);
              checked[0]++;
            }
            return edf.schedule(e);
          }
        };
    RushRunResult checkedRun = run(s, checking);
    assertThat(checked[1]).as("views with finished tasks").isGreaterThan(100);
    // and the run is EDF's own
    assertThat(checkedRun.jobs()).isEqualTo(run(s, new EdfScheduler()).jobs());
  }
}
