package io.rayon.engine.trace;

import io.rayon.engine.sim.UsageProfiles;
import io.rayon.model.resources.Resources;
import io.rayon.model.workload.UsagePhase;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The model importers use when a trace has no usage profile for a task: a start-up phase of {@code
 * startupS} seconds at {@code startupUsage} × the working usage (data loading, estimation paper
 * §IV), then a working phase using {@code memoryUsage} × the memory request and {@code cpuUsage} ×
 * the vcore request, each multiplied per task group by a seeded factor drawn uniformly from [1 −
 * {@code jitter}, 1 + {@code jitter}] (memory capped at the request × {@code memoryCap}).
 *
 * <p>Parameters (via {@code --param name=value}; each importer states its defaults): {@code
 * startupS}, {@code startupUsage}, {@code memoryUsage}, {@code cpuUsage}, {@code jitter}, {@code
 * memoryCap}.
 */
public record UsageModel(
    double startupS,
    double startupUsage,
    double memoryUsage,
    double cpuUsage,
    double jitter,
    double memoryCap) {
  /** The names of this model's parameters, as {@code --param} takes them. */
  public static final Set<String> PARAMETERS =
      Set.of("startupS", "startupUsage", "memoryUsage", "cpuUsage", "jitter", "memoryCap");

  public UsageModel {
    check("startupS", startupS, 0, Double.MAX_VALUE);
    check("startupUsage", startupUsage, 0, 10);
    check("memoryUsage", memoryUsage, 0, 10);
    check("cpuUsage", cpuUsage, 0, 100);
    check("jitter", jitter, 0, 1);
    check("memoryCap", memoryCap, 0, 100);
  }

  private static void check(String name, double v, double lo, double hi) {
    if (!(v >= lo && v <= hi)) {
      throw new IllegalArgumentException(
          "parameter " + name + "=" + v + " must lie in [" + lo + ", " + hi + "]");
    }
  }

  /** This model with each parameter overridden by {@code options.params()} when present. */
  public UsageModel with(ImportOptions options) {
    return new UsageModel(
        options.doubleParam("startupS", startupS),
        options.doubleParam("startupUsage", startupUsage),
        options.doubleParam("memoryUsage", memoryUsage),
        options.doubleParam("cpuUsage", cpuUsage),
        options.doubleParam("jitter", jitter),
        options.doubleParam("memoryCap", memoryCap));
  }

  /** Phases for a task of {@code request} running {@code durationS} seconds. */
  public List<UsagePhase> phases(Resources request, long durationS, SplittableRandom rnd) {
    double f = jitter == 0 ? 1 : 1 - jitter + 2 * jitter * rnd.nextDouble();
    double mem = Math.min(request.memoryMB() * memoryUsage * f, request.memoryMB() * memoryCap);
    double cpu = request.vcores() * cpuUsage * f;
    return phases(mem, cpu, durationS);
  }

  /** Phases for a task with known working usage {@code memoryMB} and {@code cpu} vcores. */
  public List<UsagePhase> phases(double memoryMB, double cpu, long durationS) {
    Resources work = UsageProfiles.usage(Math.round(memoryMB), cpu);
    long startup = Math.min(durationS, Math.round(startupS));
    if (startup <= 0 || startupUsage == 1) return List.of(new UsagePhase(durationS, work));
    Resources low = UsageProfiles.usage(Math.round(memoryMB * startupUsage), cpu * startupUsage);
    if (startup == durationS) return List.of(new UsagePhase(durationS, low));
    return List.of(new UsagePhase(startup, low), new UsagePhase(durationS - startup, work));
  }

  /** A one-line description for a workload's source note. */
  public String describe() {
    return "start-up "
        + startupS
        + " s at "
        + startupUsage
        + "x, then memory "
        + memoryUsage
        + "x and cpu "
        + cpuUsage
        + "x of the request, per-group jitter +/-"
        + jitter;
  }
}
