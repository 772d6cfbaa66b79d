package io.rayon.engine.rush;

import java.util.Arrays;

/**
 * The outcome of one RUSH re-solve. Arrays are indexed like the input job list; times are absolute
 * simulation seconds.
 *
 * @param eta η_i, container-seconds: the θ-quantile of the worst-case distribution of the job's
 *     remaining demand (pending tasks plus what its running tasks still run)
 * @param targetCompletion onion peeling's target completion time T_i (+∞ when the job's utility
 *     never drops below its level)
 * @param projectedCompletion when Algorithm 4's mapping ends the job; at most T_i + R_i
 * @param targetUtility U_i at the target completion
 * @param containersNow Algorithm 4's assignment for the current slot (running containers included)
 * @param hopeless the job cannot keep a non-zero utility (its level is 0 within the tolerance)
 * @param layers how many onion layers were peeled
 */
public record RushDecision(
    double[] eta,
    double[] targetCompletion,
    double[] projectedCompletion,
    double[] targetUtility,
    int[] containersNow,
    boolean[] hopeless,
    int layers) {

  /** Number of jobs decided. */
  public int size() {
    return eta.length;
  }

  @Override
  public String toString() {
    return "RushDecision[eta="
        + Arrays.toString(eta)
        + ", target="
        + Arrays.toString(targetCompletion)
        + ", projected="
        + Arrays.toString(projectedCompletion)
        + ", utility="
        + Arrays.toString(targetUtility)
        + ", now="
        + Arrays.toString(containersNow)
        + ", hopeless="
        + Arrays.toString(hopeless)
        + ", layers="
        + layers
        + "]";
  }
}
