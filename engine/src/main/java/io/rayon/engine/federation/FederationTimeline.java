package io.rayon.engine.federation;

import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.federation.FederationSetup;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Share decisions over time: in every decision round the jobs pending then ({@code arrival}, {@code
 * duration}) are routed with the failures in force then (an RM down from {@code downFrom} to {@code
 * downUntil}, machines unavailable throughout), every policy decides and its decision is placed and
 * measured against that round's fairness oracle. Like GIF itself, each round reassigns the whole
 * federation: nothing carries over from one round to the next except the setup.
 *
 * <p>The engine has no clock: decision runtime is measured with the injected {@code ticker}
 * (nanoseconds; a front-end passes {@code System::nanoTime}, a test a counter).
 */
public final class FederationTimeline {
  private FederationTimeline() {}

  /** One round: its compiled federation, and every policy's outcome and decision time. */
  public record Round(
      int round,
      Federation federation,
      Map<String, FederationRun.Outcome> outcomes,
      Map<String, Long> decideNanos) {}

  /**
   * Means over rounds of one policy's measures.
   *
   * @param runtimeMs mean decision time in milliseconds, by the ticker
   * @param worstUtilization the lowest utilization of any round
   * @param worstFairnessErrorPct the highest fairness error of any round
   * @param allocated mean guaranteed containers placed per round
   * @param capacity mean live capacity per round, in containers
   */
  public record Summary(
      double utilization,
      double fairnessErrorPct,
      double nodeLocal,
      double rackLocal,
      double opportunistic,
      double runtimeMs,
      double worstUtilization,
      double worstFairnessErrorPct,
      double allocated,
      double capacity) {}

  /** Every round, and a summary per policy in the order given. */
  public record Result(List<Round> rounds, Map<String, Summary> summary) {}

  /**
   * Runs the rounds.
   *
   * @param policies the policies by name, in report order
   * @param rounds how many rounds; {@link Federation#rounds} spans the setup
   * @throws IllegalArgumentException naming the place in the setup when it is invalid
   * @throws io.rayon.engine.task.CancelledException when cancelled between decisions
   */
  public static Result run(
      FederationSetup setup,
      Routing routing,
      Map<String, SharePolicy> policies,
      int rounds,
      LongSupplier ticker,
      ProgressListener progress,
      CancellationToken cancel) {
    if (rounds < 1) throw new IllegalArgumentException("rounds: " + rounds + " must be at least 1");
    List<Round> out = new ArrayList<>();
    int steps = rounds * policies.size();
    int done = 0;
    for (int r = 0; r < rounds; r++) {
      cancel.throwIfCancelled();
      Federation f = Federation.of(setup, routing, r);
      FederationRun run = new FederationRun(f, routing.opportunistic());
      Map<String, FederationRun.Outcome> outcomes = new LinkedHashMap<>();
      Map<String, Long> nanos = new LinkedHashMap<>();
      for (Map.Entry<String, SharePolicy> e : policies.entrySet()) {
        cancel.throwIfCancelled();
        long t0 = ticker.getAsLong();
        double[][] shares = run.decide(e.getValue());
        long t1 = ticker.getAsLong();
        nanos.put(e.getKey(), Math.max(0, t1 - t0));
        outcomes.put(e.getKey(), run.evaluate(e.getValue(), shares));
        done++;
        progress.progress(
            (double) done / steps, "round " + (r + 1) + " of " + rounds + ": " + e.getKey());
      }
      out.add(new Round(r, f, outcomes, nanos));
    }
    Map<String, Summary> sum = new LinkedHashMap<>();
    for (String name : policies.keySet()) {
      double u = 0, fe = 0, nl = 0, rl = 0, op = 0, ns = 0, al = 0, cap = 0;
      double worstU = Double.POSITIVE_INFINITY, worstF = 0;
      for (Round r : out) {
        FederationMetrics m = r.outcomes().get(name).metrics();
        u += m.utilization();
        fe += m.fairnessErrorPct();
        nl += m.nodeLocal();
        rl += m.rackLocal();
        op += m.opportunistic();
        ns += r.decideNanos().get(name);
        al += m.allocated();
        cap += m.capacity();
        worstU = Math.min(worstU, m.utilization());
        worstF = Math.max(worstF, m.fairnessErrorPct());
      }
      int n = out.size();
      sum.put(
          name,
          new Summary(
              u / n,
              fe / n,
              nl / n,
              rl / n,
              op / n,
              ns / n / 1e6,
              worstU,
              worstF,
              al / n,
              cap / n));
    }
    return new Result(out, sum);
  }
}
