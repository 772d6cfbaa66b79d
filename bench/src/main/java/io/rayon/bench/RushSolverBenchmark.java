package io.rayon.bench;

import io.rayon.engine.plugin.Options;
import io.rayon.engine.rush.RushDecision;
import io.rayon.engine.rush.RushJobState;
import io.rayon.engine.rush.RushOptions;
import io.rayon.engine.rush.RushSolver;
import io.rayon.model.rush.UtilityFunction;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Speed of one full RUSH re-solve ({@link RushSolver#solve}: estimators, worst-case demand, onion
 * peeling, slot mapping) for 20 to 10,000 simultaneous jobs, as in the RUSH paper's §V.C ("multiple
 * WordCount jobs with random configurations"; the paper's implementation took 0.32 s to 7.34 s for
 * 20 to 1,000 jobs).
 *
 * <p>Each scheduling event is generated from a seed: WordCount-like jobs of 1 to 10 GB (one map
 * task per 128 MB block plus one reduce task), task runtimes around a per-job mean of 30 to 90 s
 * (spread 10-30 %), some tasks finished (the Gaussian estimator's samples) and some running, jobs
 * arrived within the last {@code 130 s × jobs / 10} seconds; sigmoid utilities with priority W from
 * 1 to 5, 20 % time-critical (β = 0.5/s), 60 % time-sensitive (β = 0.02/s), 20 % time-insensitive
 * (β = 0.0005/s), budget 2 × the job's runtime on the whole cluster. 90 % of the containers are
 * busy.
 *
 * <p>Timing: warm-up runs until {@code --seconds} of solving, then timed runs until as long again
 * (at least 5); median and 90th percentile of the wall time of one solve, the bytes one solve
 * allocates (thread allocation counter) and the heap in use after a collection with the inputs and
 * one decision held; and the median CPU time of one solve (the solving thread's CPU clock), which a
 * machine loaded by other processes inflates less than the wall time.
 *
 * <p>Arguments: {@code --sizes 20,100,1000,10000 --capacity 48 --seconds 3 --seed 16}, and any
 * number of {@code --option key=value} for the solver's options ({@link RushOptions#specs()}, e.g.
 * {@code --option tie-rule=best}); the paper's settings otherwise.
 */
public final class RushSolverBenchmark {
  private RushSolverBenchmark() {}

  public static void main(String[] args) {
    int[] sizes = {20, 100, 1000, 10000};
    int capacity = 48;
    double seconds = 3;
    long seed = 16;
    Map<String, String> given = new LinkedHashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--sizes" ->
            sizes = Arrays.stream(args[i + 1].split(",")).mapToInt(Integer::parseInt).toArray();
        case "--capacity" -> capacity = Integer.parseInt(args[i + 1]);
        case "--seconds" -> seconds = Double.parseDouble(args[i + 1]);
        case "--seed" -> seed = Long.parseLong(args[i + 1]);
        case "--option" -> {
          String kv = args[i + 1];
          int eq = kv.indexOf('=');
          if (eq <= 0)
            throw new IllegalArgumentException("--option wants key=value, not '" + kv + "'");
          given.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    RushOptions options = RushOptions.from(Options.parse("rush", RushOptions.specs(), given));
    RushSolver solver = new RushSolver(options);
    System.out.printf(
        Locale.ROOT,
        "RUSH solve, options %s, capacity %d containers, %d cores%n",
        options.describe(),
        capacity,
        Runtime.getRuntime().availableProcessors());
    System.out.println(
        "| jobs | containers | median ms | p90 ms | runs | layers | hopeless | allocated MB/solve | heap in use MB | median CPU ms |");
    System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (int n : sizes) {
      double now = 100_000;
      List<RushJobState> jobs = generate(new Random(seed + n), n, capacity, now);
      long warmEnd = System.nanoTime() + (long) (seconds * 1e9);
      RushDecision d = null;
      while (System.nanoTime() < warmEnd || d == null) d = solver.solve(now, capacity, jobs);
      List<Double> times = new ArrayList<>();
      List<Double> cpu = new ArrayList<>();
      long timedEnd = System.nanoTime() + (long) (seconds * 1e9);
      com.sun.management.ThreadMXBean threads =
          (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
      long allocated = 0;
      while (times.size() < 5 || System.nanoTime() < timedEnd) {
        long a0 = threads.getCurrentThreadAllocatedBytes();
        long c0 = threads.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        d = solver.solve(now, capacity, jobs);
        times.add((System.nanoTime() - t0) / 1e6);
        cpu.add((threads.getCurrentThreadCpuTime() - c0) / 1e6);
        allocated = threads.getCurrentThreadAllocatedBytes() - a0;
      }
      System.gc();
      Runtime rt = Runtime.getRuntime();
      double heapMb = (rt.totalMemory() - rt.freeMemory()) / 1048576.0;
      int hopeless = 0;
      for (boolean h : d.hopeless()) if (h) hopeless++;
      double[] t = times.stream().mapToDouble(Double::doubleValue).sorted().toArray();
      double[] c = cpu.stream().mapToDouble(Double::doubleValue).sorted().toArray();
      System.out.printf(
          Locale.ROOT,
          "| %d | %d | %.2f | %.2f | %d | %d | %d | %.1f | %.1f | %.2f |%n",
          n,
          capacity,
          t[t.length / 2],
          t[(int) Math.min(t.length - 1, Math.ceil(0.9 * t.length) - 1)],
          t.length,
          d.layers(),
          hopeless,
          allocated / 1048576.0,
          heapMb,
          c[c.length / 2]);
    }
  }

  /** One scheduling event with {@code n} WordCount-like jobs (see the class comment). */
  static List<RushJobState> generate(Random r, int n, int capacity, double now) {
    double span = 130.0 * n / 10;
    List<RushJobState> jobs = new ArrayList<>(n);
    int[] tasks = new int[n];
    double[] mean = new double[n];
    double[] sd = new double[n];
    int[] started = new int[n];
    for (int i = 0; i < n; i++) {
      double gb = 1 + 9 * r.nextDouble();
      tasks[i] = (int) Math.ceil(gb * 1024 / 128) + 1;
      mean[i] = 30 + 60 * r.nextDouble();
      sd[i] = mean[i] * (0.1 + 0.2 * r.nextDouble());
      started[i] = r.nextInt(tasks[i] + 1) / (1 + r.nextInt(4));
    }
    List<List<Double>> running = new ArrayList<>();
    for (int i = 0; i < n; i++) running.add(new ArrayList<>());
    int busy = (int) (capacity * 0.9);
    for (int c = 0; c < busy; c++) {
      int i = r.nextInt(n);
      if (started[i] >= tasks[i]) continue;
      running.get(i).add(r.nextDouble() * mean[i]);
      started[i]++;
    }
    for (int i = 0; i < n; i++) {
      int done = Math.max(0, started[i] - running.get(i).size());
      double[] finished = new double[done];
      for (int k = 0; k < done; k++) finished[k] = Math.max(1, mean[i] + sd[i] * r.nextGaussian());
      double[] el = running.get(i).stream().mapToDouble(Double::doubleValue).toArray();
      int pending = tasks[i] - started[i];
      if (pending == 0 && el.length == 0) pending = 1;
      double benchmarked = tasks[i] * mean[i] / capacity + mean[i];
      double w = 1 + r.nextInt(5);
      double u = r.nextDouble();
      double beta = u < 0.2 ? 0.5 : u < 0.8 ? 0.02 : 0.0005;
      UtilityFunction utility = new UtilityFunction.Sigmoid(w, beta, 2 * benchmarked);
      jobs.add(
          new RushJobState(
              "wc" + i, utility, now - span * r.nextDouble(), pending, el, finished, mean[i]));
    }
    return jobs;
  }
}
