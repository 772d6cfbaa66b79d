package io.rayon.model.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.Queue;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.workload.Workload;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Everything a run needs, as one file: the cluster, the queue tree, the users, the time model (plan
 * step length in seconds, horizon in steps), the sharing policy, the reservation requests and the
 * workload. {@code settings} holds engine options by name (documented in docs/formats.md).
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Scenario(
    int formatVersion,
    String name,
    String description,
    long stepSeconds,
    long horizonSteps,
    Cluster cluster,
    Queue rootQueue,
    List<String> users,
    SharingPolicySpec sharingPolicy,
    List<ReservationRequest> reservations,
    Workload workload,
    Map<String, String> settings) {

  /** The format version this build writes; it reads this version only. */
  public static final int FORMAT_VERSION = 1;

  public Scenario {
    Objects.requireNonNull(cluster, "cluster");
    if (name == null) name = cluster.name();
    if (sharingPolicy == null) sharingPolicy = SharingPolicySpec.NONE;
    users = users == null ? List.of() : List.copyOf(users);
    reservations = reservations == null ? List.of() : List.copyOf(reservations);
    if (workload == null) workload = Workload.EMPTY;
    // sorted, so that a scenario is written with the same bytes every time
    settings =
        settings == null ? Map.of() : Collections.unmodifiableSortedMap(new TreeMap<>(settings));
    if (rootQueue == null) rootQueue = Queue.leaf("root", 1.0, 1.0, true);
  }

  public Scenario withReservations(List<ReservationRequest> rs) {
    return new Scenario(
        formatVersion,
        name,
        description,
        stepSeconds,
        horizonSteps,
        cluster,
        rootQueue,
        users,
        sharingPolicy,
        rs,
        workload,
        settings);
  }

  public Scenario withWorkload(Workload w) {
    return new Scenario(
        formatVersion,
        name,
        description,
        stepSeconds,
        horizonSteps,
        cluster,
        rootQueue,
        users,
        sharingPolicy,
        reservations,
        w,
        settings);
  }

  public Scenario withSharingPolicy(SharingPolicySpec p) {
    return new Scenario(
        formatVersion,
        name,
        description,
        stepSeconds,
        horizonSteps,
        cluster,
        rootQueue,
        users,
        p,
        reservations,
        workload,
        settings);
  }

  public Scenario withCluster(Cluster c) {
    return new Scenario(
        formatVersion,
        name,
        description,
        stepSeconds,
        horizonSteps,
        c,
        rootQueue,
        users,
        sharingPolicy,
        reservations,
        workload,
        settings);
  }

  public Scenario withName(String n) {
    return new Scenario(
        formatVersion,
        n,
        description,
        stepSeconds,
        horizonSteps,
        cluster,
        rootQueue,
        users,
        sharingPolicy,
        reservations,
        workload,
        settings);
  }
}
