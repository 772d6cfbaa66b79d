package io.rayon.engine.sim.rush;

import io.rayon.model.rush.RuntimeDistribution;
import io.rayon.model.rush.RushJobSpec;
import io.rayon.model.rush.RushScenario;
import io.rayon.model.rush.UtilityFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * The workload of the RUSH paper's §V.B ("RUSH: A RobUst ScHeduler to Manage Uncertain
 * Completion-Times in Shared Clouds"), seeded: jobs from an equal mix of eight Hadoop job
 * templates, each on a data set of 1 to 10 GB drawn uniformly; Poisson arrivals with a mean
 * inter-arrival time of 130 s; priority W drawn from 1 to 5; 20% time-critical, 60% time-sensitive
 * and 20% time-insensitive jobs, all with the sigmoid utility class; a time budget of {@code
 * budgetFactor} times the job's benchmarked runtime (the paper: 2, 1.5 and 1).
 *
 * <p><b>What the paper leaves open, and our choices.</b>
 *
 * <ul>
 *   <li><b>Cluster</b>: 48 containers (the paper's cluster has 48 vCPU cores and 48 GB; one core
 *       and 1 GB per container).
 *   <li><b>Templates</b> ({@link #TEMPLATES}): the paper names eight PUMA benchmarks but not their
 *       task counts or runtimes. Each of ours runs one map-like task per 128 MB split (8 tasks per
 *       GB, so 8 to 80 tasks) with a normal task runtime (truncated at 1% of its mean) whose mean
 *       and coefficient of variation differ per template, from 70 s (the histograms) to 140 s
 *       (sequence count). Reduce phases are left out: RUSH's model has independent tasks. With 44
 *       tasks of about 104 s per job every 130 s, the offered load is about 73% of the cluster.
 *   <li><b>Benchmarked runtime</b>: the job run alone on the whole cluster, its tasks drawn from
 *       their distribution with a separate stream and placed greedily on the first free container
 *       (the makespan of that run).
 *   <li><b>Utility shapes</b> (sigmoid {@code W / (1 + e^{β(T − B)})}): β is set from the width
 *       over which the utility falls from 90% to 10% of W, {@code β = 2 ln 9 / width}:
 *       time-critical jobs drop within 10% of their budget, time-sensitive ones over one budget,
 *       time-insensitive ones over ten budgets.
 *   <li><b>Classes and templates</b> are dealt exactly (20/60/20 and an equal mix, rounded) and
 *       shuffled, so every seed has the paper's proportions.
 * </ul>
 */
public final class RushGenerator {
  private RushGenerator() {}

  /** A job template: one task per {@code 1 / tasksPerGb} GB of input, normal task runtimes. */
  public record Template(String name, double tasksPerGb, double meanTaskSeconds, double cv) {}

  /**
   * The eight templates of §V.B (names from the paper; counts and runtimes ours, see the class
   * comment).
   */
  public static final List<Template> TEMPLATES =
      List.of(
          new Template("movie-classification", 8, 120, 0.30),
          new Template("histogram-movies", 8, 70, 0.25),
          new Template("histogram-ratings", 8, 75, 0.25),
          new Template("inverted-index", 8, 130, 0.35),
          new Template("self-join", 8, 110, 0.30),
          new Template("sequence-count", 8, 140, 0.35),
          new Template("word-count", 8, 90, 0.30),
          new Template("terasort", 8, 100, 0.20));

  public static final String CRITICAL = "critical";
  public static final String SENSITIVE = "sensitive";
  public static final String INSENSITIVE = "insensitive";

  /** The drop width of each class's sigmoid as a multiple of its budget. */
  static double widthFactor(String jobClass) {
    return switch (jobClass) {
      case CRITICAL -> 0.1;
      case SENSITIVE -> 1.0;
      default -> 10.0;
    };
  }

  /**
   * The generator's settings; {@link #PAPER} is §V.B with a budget factor of 1.5 (the middle of the
   * paper's three).
   *
   * @param jobs how many jobs (paper: 100)
   * @param seed the seed of every draw, also written as the scenario's seed
   * @param containers C (48)
   * @param meanInterarrival mean seconds between arrivals (130)
   * @param budgetFactor time budget over benchmarked runtime (2, 1.5 or 1)
   * @param criticalFraction share of time-critical jobs (0.2)
   * @param insensitiveFraction share of time-insensitive jobs (0.2); the rest are time-sensitive
   * @param minGb smallest data set (1)
   * @param maxGb largest data set (10)
   */
  public record Params(
      int jobs,
      long seed,
      int containers,
      double meanInterarrival,
      double budgetFactor,
      double criticalFraction,
      double insensitiveFraction,
      double minGb,
      double maxGb) {
    public Params {
      if (jobs < 1 || jobs > RushScenario.MAX_JOBS)
        throw new IllegalArgumentException(
            "jobs is " + jobs + "; it must be from 1 to " + RushScenario.MAX_JOBS);
      if (containers < 1 || containers > RushScenario.MAX_CONTAINERS) {
        throw new IllegalArgumentException(
            "containers is "
                + containers
                + "; it must be from 1 to "
                + RushScenario.MAX_CONTAINERS);
      }
      if (!(meanInterarrival > 0) || !Double.isFinite(meanInterarrival)) {
        throw new IllegalArgumentException(
            "mean inter-arrival time is "
                + meanInterarrival
                + "; it must be a positive number of seconds");
      }
      if (!(budgetFactor > 0) || budgetFactor > 100)
        throw new IllegalArgumentException(
            "budget factor is " + budgetFactor + "; it must be above 0 and at most 100");
      if (!(criticalFraction >= 0
          && insensitiveFraction >= 0
          && criticalFraction + insensitiveFraction <= 1)) {
        throw new IllegalArgumentException(
            "class fractions "
                + criticalFraction
                + " and "
                + insensitiveFraction
                + " must be >= 0 and add up to at most 1");
      }
      if (!(minGb > 0 && maxGb >= minGb && maxGb <= 10_000))
        throw new IllegalArgumentException(
            "data set sizes " + minGb + ".." + maxGb + " GB must satisfy 0 < min <= max <= 10000");
    }

    public static final Params PAPER = new Params(100, 1, 48, 130, 1.5, 0.2, 0.2, 1, 10);

    public Params withJobs(int n) {
      return new Params(
          n,
          seed,
          containers,
          meanInterarrival,
          budgetFactor,
          criticalFraction,
          insensitiveFraction,
          minGb,
          maxGb);
    }

    public Params withSeed(long s) {
      return new Params(
          jobs,
          s,
          containers,
          meanInterarrival,
          budgetFactor,
          criticalFraction,
          insensitiveFraction,
          minGb,
          maxGb);
    }

    public Params withContainers(int c) {
      return new Params(
          jobs,
          seed,
          c,
          meanInterarrival,
          budgetFactor,
          criticalFraction,
          insensitiveFraction,
          minGb,
          maxGb);
    }

    public Params withBudgetFactor(double f) {
      return new Params(
          jobs,
          seed,
          containers,
          meanInterarrival,
          f,
          criticalFraction,
          insensitiveFraction,
          minGb,
          maxGb);
    }
  }

  /** A §V.B scenario; the same parameters give the same scenario. */
  public static RushScenario generate(Params p) {
    SplittableRandom r = new SplittableRandom(p.seed());
    SplittableRandom bench = r.split();
    int n = p.jobs();
    String[] classes = new String[n];
    int critical = (int) Math.round(n * p.criticalFraction());
    int insensitive = Math.min(n - critical, (int) Math.round(n * p.insensitiveFraction()));
    for (int i = 0; i < n; i++)
      classes[i] = i < critical ? CRITICAL : i < critical + insensitive ? INSENSITIVE : SENSITIVE;
    shuffle(classes, r);
    Template[] templates = new Template[n];
    for (int i = 0; i < n; i++) templates[i] = TEMPLATES.get(i % TEMPLATES.size());
    shuffle(templates, r);
    List<RushJobSpec> jobs = new ArrayList<>(n);
    double t = 0;
    int width = String.valueOf(n).length();
    for (int i = 0; i < n; i++) {
      if (i > 0) t += -p.meanInterarrival() * Math.log(1 - r.nextDouble());
      Template tp = templates[i];
      double gb = p.minGb() + (p.maxGb() - p.minGb()) * r.nextDouble();
      int tasks =
          (int) Math.max(1, Math.min(RushJobSpec.MAX_TASKS, Math.round(gb * tp.tasksPerGb())));
      RuntimeDistribution rt =
          RuntimeDistribution.Normal.of(tp.meanTaskSeconds(), tp.cv() * tp.meanTaskSeconds());
      double benchmark = benchmark(rt, tasks, p.containers(), bench);
      double budget = round(p.budgetFactor() * benchmark);
      double w = 1 + r.nextInt(5);
      double steepness = 2 * Math.log(9) / (widthFactor(classes[i]) * budget);
      UtilityFunction u = new UtilityFunction.Sigmoid(w, steepness, budget);
      String id = String.format(Locale.ROOT, "j%0" + width + "d", i + 1);
      jobs.add(
          new RushJobSpec(id, tp.name(), classes[i], round(t), tasks, rt, round(benchmark), u));
    }
    String desc =
        String.format(
            Locale.ROOT,
            "RUSH paper §V.B workload: %d jobs from 8 templates, %.0f%% time-critical, %.0f%% time-insensitive, the rest"
                + " time-sensitive; Poisson arrivals every %.0f s on average; time budget %.2f x the benchmarked runtime;"
                + " sigmoid utilities, W from 1 to 5 (rayon rush generate --seed %d)",
            n,
            100 * p.criticalFraction(),
            100 * p.insensitiveFraction(),
            p.meanInterarrival(),
            p.budgetFactor(),
            p.seed());
    return RushScenario.of("rush-vb", desc, p.containers(), 1, p.seed(), jobs);
  }

  /**
   * The job's makespan alone on {@code containers} containers: tasks placed in order on the first
   * free one.
   */
  static double benchmark(RuntimeDistribution rt, int tasks, int containers, SplittableRandom r) {
    PriorityQueue<Double> free = new PriorityQueue<>();
    for (int c = 0; c < Math.min(containers, tasks); c++) free.add(0.0);
    double end = 0;
    for (int k = 0; k < tasks; k++) {
      double s = free.poll();
      double e = s + rt.sample(r);
      end = Math.max(end, e);
      free.add(e);
    }
    return end;
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }

  private static <T> void shuffle(T[] a, SplittableRandom r) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      T x = a[i];
      a[i] = a[j];
      a[j] = x;
    }
  }

  /**
   * The per-class counts of a scenario's jobs, for reports: critical, sensitive, insensitive,
   * other.
   */
  public static int[] classCounts(RushScenario s) {
    int[] c = new int[4];
    for (RushJobSpec j : s.jobs()) {
      switch (j.jobClass()) {
        case CRITICAL -> c[0]++;
        case SENSITIVE -> c[1]++;
        case INSENSITIVE -> c[2]++;
        default -> c[3]++;
      }
    }
    return c;
  }
}
