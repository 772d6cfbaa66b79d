package io.rayon.engine.sim.rush;

import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.plugin.Options;
import io.rayon.model.rush.UtilityFunction;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The risk-reward heuristic (RRH), the third baseline of the RUSH paper's §V.B, after Irwin, Grit
 * and Chase, "Balancing risk and reward in a market-based task service" (HPDC 2004): "scheduling
 * decisions are made based on the future utility gain and opportunity cost of reallocating
 * resources".
 *
 * <p><b>Our reading.</b> That paper ranks waiting tasks by a reward per unit of remaining
 * processing time that weighs the present value of running a task now against the opportunity cost
 * it imposes on the others, with a risk weight α between the two. We carry it over to jobs of many
 * tasks on C containers as follows, at each scheduling event and for each arrived job i with
 * waiting tasks:
 *
 * <ul>
 *   <li><b>remaining processing time</b> RPT_i: the job's remaining mean work (waiting tasks at the
 *       mean runtime observed so far, the benchmarked mean before any task finished, plus what the
 *       mean leaves of its running tasks) spread over the containers it can use, {@code min(C,
 *       waiting + running)}, and at least one mean task runtime;
 *   <li><b>gain</b>: the utility it earns if it runs now, {@code U_i(now + RPT_i − arrival_i)},
 *       discounted to its present value {@code PV_i = gain / (1 + r · RPT_i)} with the discount
 *       rate r ({@code discount}, per second);
 *   <li><b>opportunity cost</b>: while job i holds the containers for RPT_i, every other waiting
 *       job j loses utility at its decay rate {@code d_j}, the drop of {@code U_j} over the second
 *       after its own expected latency {@code now + RPT_j − arrival_j}; {@code cost_i = RPT_i ·
 *       Σ_{j≠i} d_j};
 *   <li><b>reward</b> {@code (α · PV_i − (1 − α) · cost_i) / RPT_i}, highest first.
 * </ul>
 *
 * Free containers go down that ranking: the best job takes all it can use, then the next
 * (work-conserving). Without preemption "reallocating" is the choice of who gets a container that
 * frees. The HPDC paper studies a range of α and discount rates; our defaults, α = {@value
 * #DEFAULT_ALPHA} and r = {@value #DEFAULT_DISCOUNT} per second (about 30% per hour, a scale that
 * fits jobs of minutes to hours), are ours and named options. Ties go to the earlier arrival, then
 * to the order in the scenario.
 */
public final class RrhScheduler implements RushScheduler {
  public static final String NAME = "rrh";
  public static final double DEFAULT_ALPHA = 0.3;
  public static final double DEFAULT_DISCOUNT = 1e-4;

  /** The options: alpha and discount. */
  public static List<OptionSpec> specs() {
    return List.of(
        OptionSpec.decimal(
            "alpha",
            DEFAULT_ALPHA,
            0,
            1,
            "risk weight α between a job's discounted gain (1) and the opportunity cost it imposes on the others (0);"
                + " our default, the HPDC'04 paper studies a range"),
        OptionSpec.decimal(
            "discount",
            DEFAULT_DISCOUNT,
            0,
            1,
            "discount rate per second of the present value gain / (1 + rate · remaining time); our default"));
  }

  private final double alpha;
  private final double discount;

  public RrhScheduler(double alpha, double discount) {
    if (!(alpha >= 0 && alpha <= 1))
      throw new IllegalArgumentException("alpha is " + alpha + "; it must be from 0 to 1");
    if (!(discount >= 0 && Double.isFinite(discount)))
      throw new IllegalArgumentException(
          "discount is " + discount + "; it must be a finite rate >= 0");
    this.alpha = alpha;
    this.discount = discount;
  }

  public static RrhScheduler from(Options o) {
    return new RrhScheduler(o.decimal("alpha"), o.decimal("discount"));
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String settings() {
    return String.format(Locale.ROOT, "alpha=%s discount=%s", alpha, discount);
  }

  /**
   * Each job's reward at this event, indexed like {@code e.jobs()} (NaN for jobs without waiting
   * tasks).
   */
  public double[] rewards(Event e) {
    int n = e.jobs().size();
    double[] rpt = new double[n];
    double[] decay = new double[n];
    double totalDecay = 0;
    for (int k = 0; k < n; k++) {
      JobView j = e.jobs().get(k);
      if (j.pendingTasks() == 0) continue;
      int width = Math.max(1, Math.min(e.capacity(), j.pendingTasks() + j.runningTasks()));
      rpt[k] = Math.max(j.meanTaskRuntime(), j.remainingMeanWork() / width);
      UtilityFunction u = j.spec().utility();
      double latency = e.now() + rpt[k] - j.spec().arrival();
      decay[k] = Math.max(0, u.value(latency) - u.value(latency + 1));
      totalDecay += decay[k];
    }
    double[] reward = new double[n];
    for (int k = 0; k < n; k++) {
      JobView j = e.jobs().get(k);
      if (j.pendingTasks() == 0) {
        reward[k] = Double.NaN;
        continue;
      }
      double gain = j.spec().utility().value(e.now() + rpt[k] - j.spec().arrival());
      double pv = gain / (1 + discount * rpt[k]);
      double cost = rpt[k] * (totalDecay - decay[k]);
      reward[k] = (alpha * pv - (1 - alpha) * cost) / rpt[k];
    }
    return reward;
  }

  @Override
  public Grant schedule(Event e) {
    double[] reward = rewards(e);
    Integer[] order = PriorityGrants.positions(e.jobs().size());
    Arrays.sort(
        order,
        Comparator.<Integer>comparingDouble(
                k -> Double.isNaN(reward[k]) ? Double.POSITIVE_INFINITY : -reward[k])
            .thenComparingDouble(k -> e.jobs().get(k).spec().arrival())
            .thenComparingInt(k -> e.jobs().get(k).index()));
    return Grant.of(PriorityGrants.inOrder(e.jobs(), order, e.free()));
  }
}
