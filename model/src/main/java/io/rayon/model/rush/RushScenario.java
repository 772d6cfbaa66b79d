package io.rayon.model.rush;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A RUSH scenario ("RUSH: A RobUst ScHeduler to Manage Uncertain Completion-Times in Shared Clouds"
 * §II): a cluster of {@code containers} homogeneous containers, a discrete time slot, and jobs that
 * arrive over time with uncertain task runtimes and a utility of their completion time. Files carry
 * {@code "kind": "rush"} and a format version (docs/formats.md, "RUSH scenario files"; read and
 * written by {@link RushScenarioIO}).
 *
 * @param formatVersion always {@value #FORMAT_VERSION}
 * @param name a label for reports
 * @param description free text
 * @param containers C, the cluster's capacity in containers
 * @param slotSeconds the length of the scheduler's time slot in seconds (the paper: "e.g. 1
 *     second")
 * @param seed the seed every task's runtime is drawn with
 * @param jobs the jobs, ids unique
 */
public record RushScenario(
    int formatVersion,
    String name,
    String description,
    int containers,
    double slotSeconds,
    long seed,
    List<RushJobSpec> jobs) {
  public static final int FORMAT_VERSION = 1;

  /** The value of the {@code "kind"} field that marks a RUSH scenario file. */
  public static final String KIND = "rush";

  /** The most containers a scenario may have. */
  public static final int MAX_CONTAINERS = 1_000_000;

  /** The most jobs a scenario may have. */
  public static final int MAX_JOBS = 100_000;

  /** The most tasks all jobs together may have. */
  public static final long MAX_TOTAL_TASKS = 10_000_000;

  public RushScenario {
    Objects.requireNonNull(name, "name");
    description = description == null ? "" : description;
    jobs = jobs == null ? List.of() : List.copyOf(jobs);
    if (formatVersion != FORMAT_VERSION)
      throw new IllegalArgumentException(
          "formatVersion is " + formatVersion + "; this build reads " + FORMAT_VERSION);
    if (containers < 1 || containers > MAX_CONTAINERS) {
      throw new IllegalArgumentException(
          "containers is " + containers + "; it must be from 1 to " + MAX_CONTAINERS);
    }
    if (!Double.isFinite(slotSeconds) || slotSeconds <= 0 || slotSeconds > 86_400) {
      throw new IllegalArgumentException(
          "slotSeconds is "
              + slotSeconds
              + "; it must be a positive number of seconds, at most 86400");
    }
    if (jobs.size() > MAX_JOBS)
      throw new IllegalArgumentException(
          "the scenario has " + jobs.size() + " jobs; at most " + MAX_JOBS + " are allowed");
    Set<String> ids = new HashSet<>();
    long total = 0;
    for (RushJobSpec j : jobs) {
      if (!ids.add(j.id()))
        throw new IllegalArgumentException(
            "two jobs are named '" + j.id() + "'; job ids must be unique");
      total += j.tasks();
    }
    if (total > MAX_TOTAL_TASKS) {
      throw new IllegalArgumentException(
          "the jobs have "
              + total
              + " tasks together; at most "
              + MAX_TOTAL_TASKS
              + " are allowed");
    }
  }

  /** A scenario of the current format version. */
  public static RushScenario of(
      String name,
      String description,
      int containers,
      double slotSeconds,
      long seed,
      List<RushJobSpec> jobs) {
    return new RushScenario(FORMAT_VERSION, name, description, containers, slotSeconds, seed, jobs);
  }

  /** The same scenario with its task runtimes drawn from {@code seed}. */
  public RushScenario withSeed(long seed) {
    return new RushScenario(formatVersion, name, description, containers, slotSeconds, seed, jobs);
  }

  /** Every job's tasks together. */
  public long totalTasks() {
    long t = 0;
    for (RushJobSpec j : jobs) t += j.tasks();
    return t;
  }
}
