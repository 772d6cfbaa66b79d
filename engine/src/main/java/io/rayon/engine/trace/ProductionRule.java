package io.rayon.engine.trace;

import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The rule that marks production jobs (the ones a scenario gives a reservation) in traces that do
 * not say which jobs were production: a seeded share of the jobs, picked uniformly by a
 * Fisher-Yates shuffle, 5% by default as in the SWIM scenarios of the Rayon paper's §6.1
 * ("Reservation-based Scheduling: If You're Late Don't Blame Us!"). Importers use it under the
 * parameter name {@value #PARAMETER}.
 */
public final class ProductionRule {
  private ProductionRule() {}

  /** The import parameter that sets the share. */
  public static final String PARAMETER = "productionFraction";

  /** The paper's share of production jobs. */
  public static final double PAPER_FRACTION = 0.05;

  /** The share {@code options} asks for, checked. */
  static double fraction(ImportOptions options) {
    double f = options.doubleParam(PARAMETER, PAPER_FRACTION);
    if (!(f >= 0 && f <= 1))
      throw new IllegalArgumentException("parameter " + PARAMETER + " must be in [0, 1], got " + f);
    return f;
  }

  /**
   * {@code jobs} with ceil(n × fraction) of them, chosen by the seed, marked production (at least
   * one job of a non-empty trace when the fraction is positive: 5% of a 2-job trace is one job).
   */
  static List<Job> seededFraction(List<Job> jobs, double fraction, long seed) {
    int n = jobs.size();
    int production = (int) Math.min(n, Math.ceil(n * fraction - 1e-9));
    int[] idx = new int[n];
    for (int i = 0; i < n; i++) idx[i] = i;
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = idx[i];
      idx[i] = idx[j];
      idx[j] = t;
    }
    boolean[] prod = new boolean[n];
    for (int i = 0; i < production; i++) prod[idx[i]] = true;
    List<Job> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Job j = jobs.get(i);
      out.add(prod[i] ? production(j) : j);
    }
    return out;
  }

  static Job production(Job j) {
    return new Job(
        j.id(),
        j.name(),
        j.user(),
        j.queue(),
        JobKind.PRODUCTION,
        j.arrivalS(),
        j.deadlineS(),
        j.reservationId(),
        j.tasks());
  }
}
