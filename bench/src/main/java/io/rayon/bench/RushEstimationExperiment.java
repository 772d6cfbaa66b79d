package io.rayon.bench;

import io.rayon.engine.rush.GaussianEstimator;
import io.rayon.engine.rush.RushJobState;
import io.rayon.engine.rush.WorstCaseEstimator;
import io.rayon.model.rush.UtilityFunction;
import java.util.Arrays;
import java.util.Locale;
import java.util.PriorityQueue;
import java.util.Random;

/**
 * The RUSH paper's §V.A experiment: how many finished-task samples the Gaussian estimator needs
 * before η covers the job's real remaining demand with probability θ, for several entropy
 * thresholds δ (paper: more than 35 samples and δ larger than 0.7).
 *
 * <p>A job of 100 map tasks and 1 reduce task, each running N(60 s, 20 s) (cut at 1 s), runs alone
 * on {@code --containers} containers (48, the paper's cluster), tasks starting in order whenever a
 * container frees. When its n-th task finishes, the estimator sees the n finished runtimes (the
 * shortest of the first wave, as in a real run), the running tasks' elapsed times and the pending
 * count; η is the worst-case θ-quantile (θ = 0.9). The job's real remaining demand is what the
 * running tasks still run plus the pending tasks' runtimes, all drawn beforehand. Each cell is the
 * fraction of {@code --trials} seeded runs in which η is at least that demand.
 *
 * <p>Arguments: {@code --trials 1000 --containers 48 --seed 35}.
 */
public final class RushEstimationExperiment {
  private RushEstimationExperiment() {}

  public static void main(String[] args) {
    int trials = 1000;
    int containers = 48;
    long seed = 35;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--trials" -> trials = Integer.parseInt(args[i + 1]);
        case "--containers" -> containers = Integer.parseInt(args[i + 1]);
        case "--seed" -> seed = Long.parseLong(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    double theta = 0.9;
    int tasks = 101;
    int[] samples = {5, 10, 15, 20, 25, 30, 35, 40, 50, 60, 70, 80, 90};
    double[] deltas = {0, 0.1, 0.3, 0.5, 0.7, 1.0, 1.5, 2.0};
    int[][] covered = new int[samples.length][deltas.length];
    double[][] overshoot = new double[samples.length][deltas.length];
    GaussianEstimator[] est = new GaussianEstimator[deltas.length];
    for (int d = 0; d < deltas.length; d++) est[d] = new GaussianEstimator(theta, deltas[d], 1000);
    Random r = new Random(seed);
    for (int t = 0; t < trials; t++) {
      double[] runtime = new double[tasks];
      for (int k = 0; k < tasks; k++) runtime[k] = Math.max(1, 60 + 20 * r.nextGaussian());
      // replay: task k starts when a container frees, in order
      double[] start = new double[tasks];
      double[] end = new double[tasks];
      PriorityQueue<Double> free = new PriorityQueue<>();
      for (int c = 0; c < containers; c++) free.add(0.0);
      for (int k = 0; k < tasks; k++) {
        start[k] = free.poll();
        end[k] = start[k] + runtime[k];
        free.add(end[k]);
      }
      Integer[] byEnd = new Integer[tasks];
      for (int k = 0; k < tasks; k++) byEnd[k] = k;
      Arrays.sort(byEnd, (a, b) -> Double.compare(end[a], end[b]));
      for (int s = 0; s < samples.length; s++) {
        int n = samples[s];
        double now = end[byEnd[n - 1]];
        double[] finished = new double[n];
        for (int k = 0; k < n; k++) finished[k] = runtime[byEnd[k]];
        int running = 0;
        int pending = 0;
        double demand = 0;
        for (int k = 0; k < tasks; k++) {
          if (end[k] <= now) continue;
          if (start[k] <= now) running++;
          else pending++;
          demand += start[k] <= now ? end[k] - now : runtime[k];
        }
        double[] elapsed = new double[running];
        int e = 0;
        for (int k = 0; k < tasks; k++)
          if (end[k] > now && start[k] <= now) elapsed[e++] = now - start[k];
        RushJobState job =
            new RushJobState(
                "wordcount", new UtilityFunction.Constant(1), 0, pending, elapsed, finished, 60);
        for (int d = 0; d < deltas.length; d++) {
          double eta = WorstCaseEstimator.eta(est[d].estimate(job).reference(), theta, deltas[d]);
          if (eta >= demand) covered[s][d]++;
          overshoot[s][d] += (eta - demand) / demand;
        }
      }
    }
    System.out.printf(
        Locale.ROOT,
        "theta=%s tasks=%d runtime N(60, 20) s, containers=%d, trials=%d, seed=%d%n",
        theta,
        tasks,
        containers,
        trials,
        seed);
    StringBuilder head = new StringBuilder("| samples |");
    StringBuilder rule = new StringBuilder("|---:|");
    for (double d : deltas) {
      head.append(String.format(Locale.ROOT, " δ=%s |", d));
      rule.append("---:|");
    }
    System.out.println("P(η ≥ real remaining demand); **bold** where it reaches θ");
    System.out.println(head);
    System.out.println(rule);
    for (int s = 0; s < samples.length; s++) {
      StringBuilder row = new StringBuilder("| " + samples[s] + " |");
      for (int d = 0; d < deltas.length; d++) {
        double p = covered[s][d] / (double) trials;
        row.append(
            p >= theta
                ? String.format(Locale.ROOT, " **%.3f** |", p)
                : String.format(Locale.ROOT, " %.3f |", p));
      }
      System.out.println(row);
    }
    System.out.println();
    System.out.println("mean (η − demand) / demand");
    System.out.println(head);
    System.out.println(rule);
    for (int s = 0; s < samples.length; s++) {
      StringBuilder row = new StringBuilder("| " + samples[s] + " |");
      for (int d = 0; d < deltas.length; d++)
        row.append(String.format(Locale.ROOT, " %+.3f |", overshoot[s][d] / trials));
      System.out.println(row);
    }
  }
}
