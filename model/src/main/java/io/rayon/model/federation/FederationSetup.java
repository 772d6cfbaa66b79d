package io.rayon.model.federation;

import java.util.List;
import java.util.Objects;

/**
 * A federated cluster and its instantaneous demand, as in "Hydra: a federated resource manager for
 * data-center scale analytics" §3–§4: sub-clusters (each with racks of nodes and its own
 * scheduler), one global hierarchy of queues, the jobs waiting in those queues with their container
 * requests and locality preferences, and the failures in force. The file format is described in
 * docs/formats.md ("Federation setup files").
 *
 * @param formatVersion always {@value #FORMAT_VERSION}
 * @param name a label for reports
 * @param subClusters the sub-clusters, each with a name unique in the federation
 * @param queues the queue hierarchy as a flat list; exactly one queue has no parent (the root)
 * @param jobs the jobs with pending container requests
 * @param failures sub-clusters whose RM is down and machines unavailable; {@code null} = none
 */
public record FederationSetup(
    int formatVersion,
    String name,
    List<SubClusterSpec> subClusters,
    List<QueueSpec> queues,
    List<JobSpec> jobs,
    FailureSpec failures) {
  public static final int FORMAT_VERSION = 1;

  public FederationSetup {
    Objects.requireNonNull(name, "name");
    subClusters = subClusters == null ? List.of() : List.copyOf(subClusters);
    queues = queues == null ? List.of() : List.copyOf(queues);
    jobs = jobs == null ? List.of() : List.copyOf(jobs);
    failures = failures == null ? FailureSpec.NONE : failures;
  }

  /** The same setup with other failures. */
  public FederationSetup withFailures(FailureSpec f) {
    return new FederationSetup(formatVersion, name, subClusters, queues, jobs, f);
  }
}
