package io.rayon.model.rush;

import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The distribution every task of one RUSH job draws its runtime (seconds) from. The simulator
 * samples each task once, with the scenario's seed, so a run is deterministic; the scheduler never
 * sees the distribution, only the runtimes of finished tasks and the job's benchmarked mean ({@link
 * #mean()}).
 *
 * <p>In files: {@code {"type":"fixed","value":60}}, {@code
 * {"type":"normal","mean":60,"sd":20,"min":1}}, {@code {"type":"lognormal","mean":60,"sd":20}},
 * {@code {"type":"uniform","min":30,"max":90}}, {@code {"type":"empirical","samples":[41.5,58,63]}}
 * (docs/formats.md, "RUSH scenario files").
 */
public sealed interface RuntimeDistribution
    permits RuntimeDistribution.Fixed,
        RuntimeDistribution.Normal,
        RuntimeDistribution.LogNormal,
        RuntimeDistribution.Uniform,
        RuntimeDistribution.Empirical {

  /** The largest runtime a file may give or a distribution may yield: 30 days in seconds. */
  double MAX_SECONDS = 30 * 86_400.0;

  /** The most samples an empirical distribution may hold. */
  int MAX_SAMPLES = 100_000;

  /** One runtime in seconds, positive and finite. */
  double sample(RandomGenerator random);

  /** The distribution's mean in seconds (of the truncated distribution where it is truncated). */
  double mean();

  /** The standard deviation in seconds (of the truncated distribution where it is truncated). */
  double sd();

  /** The {@code type} written in files: fixed, normal, lognormal, uniform, empirical. */
  String kind();

  /** Every task runs exactly {@code value} seconds. */
  record Fixed(double value) implements RuntimeDistribution {
    public Fixed {
      positive("value", value);
    }

    @Override
    public double sample(RandomGenerator random) {
      return value;
    }

    @Override
    public double mean() {
      return value;
    }

    @Override
    public double sd() {
      return 0;
    }

    @Override
    public String kind() {
      return "fixed";
    }
  }

  /**
   * A normal distribution of mean {@code mu} and standard deviation {@code sigma} (written {@code
   * "mean"} and {@code "sd"} in files), truncated below at {@code min} (a task never runs for zero
   * or negative time): draws below {@code min} are drawn again, so the shape above {@code min} is
   * kept. {@link #mean()} and {@link #sd()} are those of the truncated distribution, slightly above
   * {@code mu} when {@code min} cuts off a noticeable tail. {@code min} defaults to 1% of the mean
   * in files.
   */
  record Normal(double mu, double sigma, double min) implements RuntimeDistribution {
    public Normal {
      positive("mean", mu);
      nonNegative("sd", sigma);
      positive("min", min);
      if (sigma == 0 && min > mu)
        throw new IllegalArgumentException(
            "min " + min + " is above the mean " + mu + " of a normal distribution without spread");
      if (sigma > 0 && (min - mu) / sigma > 6) {
        throw new IllegalArgumentException(
            "min "
                + min
                + " is more than 6 standard deviations above the mean "
                + mu
                + "; almost every draw would fall below it. Lower min or use a uniform distribution");
      }
    }

    /** A normal distribution truncated at 1% of its mean. */
    public static Normal of(double mean, double sd) {
      return new Normal(mean, sd, mean / 100);
    }

    @Override
    public double sample(RandomGenerator random) {
      if (sigma == 0) return mu;
      for (int i = 0; i < 10_000; i++) {
        double x = mu + sigma * random.nextGaussian();
        if (x >= min) return Math.min(x, MAX_SECONDS);
      }
      return min; // unreachable in practice: min is at most 6 sd above the mean
    }

    @Override
    public double mean() {
      if (sigma == 0) return mu;
      return mu + sigma * RushMath.inverseMills((min - mu) / sigma);
    }

    @Override
    public double sd() {
      if (sigma == 0) return 0;
      double a = (min - mu) / sigma;
      double l = RushMath.inverseMills(a);
      return sigma * Math.sqrt(Math.max(0, 1 + a * l - l * l));
    }

    @Override
    public String kind() {
      return "normal";
    }
  }

  /**
   * A log-normal distribution given by its own mean and standard deviation (not those of its
   * logarithm): σ² = ln(1 + sd²/mean²), μ = ln(mean) − σ²/2.
   */
  record LogNormal(double mean, double sd) implements RuntimeDistribution {
    public LogNormal {
      positive("mean", mean);
      nonNegative("sd", sd);
    }

    @Override
    public double sample(RandomGenerator random) {
      double s2 = Math.log1p((sd / mean) * (sd / mean));
      double mu = Math.log(mean) - s2 / 2;
      double x = Math.exp(mu + Math.sqrt(s2) * random.nextGaussian());
      return Math.min(Math.max(x, Double.MIN_NORMAL), MAX_SECONDS);
    }

    @Override
    public String kind() {
      return "lognormal";
    }
  }

  /** Uniform between {@code min} and {@code max} seconds. */
  record Uniform(double min, double max) implements RuntimeDistribution {
    public Uniform {
      positive("min", min);
      positive("max", max);
      if (max < min) throw new IllegalArgumentException("max " + max + " is below min " + min);
    }

    @Override
    public double sample(RandomGenerator random) {
      return max == min ? min : min + (max - min) * random.nextDouble();
    }

    @Override
    public double mean() {
      return (min + max) / 2;
    }

    @Override
    public double sd() {
      return (max - min) / Math.sqrt(12);
    }

    @Override
    public String kind() {
      return "uniform";
    }
  }

  /** One of the measured {@code samples}, each equally likely (a measured job replayed). */
  record Empirical(List<Double> samples) implements RuntimeDistribution {
    public Empirical {
      if (samples == null || samples.isEmpty())
        throw new IllegalArgumentException("samples is empty; give at least one runtime");
      if (samples.size() > MAX_SAMPLES)
        throw new IllegalArgumentException(
            "samples holds "
                + samples.size()
                + " runtimes; at most "
                + MAX_SAMPLES
                + " are allowed");
      for (int i = 0; i < samples.size(); i++) {
        Double v = samples.get(i);
        if (v == null) throw new IllegalArgumentException("samples[" + i + "] is null");
        positive("samples[" + i + "]", v);
      }
      samples = List.copyOf(samples);
    }

    @Override
    public double sample(RandomGenerator random) {
      return samples.get(random.nextInt(samples.size()));
    }

    @Override
    public double mean() {
      double s = 0;
      for (double v : samples) s += v;
      return s / samples.size();
    }

    @Override
    public double sd() {
      double m = mean();
      double s = 0;
      for (double v : samples) s += (v - m) * (v - m);
      return Math.sqrt(s / samples.size());
    }

    @Override
    public String kind() {
      return "empirical";
    }

    @Override
    public String toString() {
      double[] a = samples.stream().mapToDouble(Double::doubleValue).toArray();
      return "Empirical"
          + (a.length <= 8
              ? Arrays.toString(a)
              : "[" + a.length + " samples, mean " + mean() + "]");
    }
  }

  private static void positive(String field, double v) {
    if (!Double.isFinite(v) || v <= 0)
      throw new IllegalArgumentException(
          field + " is " + v + "; it must be a positive number of seconds");
    if (v > MAX_SECONDS)
      throw new IllegalArgumentException(
          field + " is " + v + " s; at most " + (long) MAX_SECONDS + " s (30 days) is allowed");
  }

  private static void nonNegative(String field, double v) {
    if (!Double.isFinite(v) || v < 0)
      throw new IllegalArgumentException(
          field + " is " + v + "; it must be zero or a positive number of seconds");
    if (v > MAX_SECONDS)
      throw new IllegalArgumentException(
          field + " is " + v + " s; at most " + (long) MAX_SECONDS + " s (30 days) is allowed");
  }
}
