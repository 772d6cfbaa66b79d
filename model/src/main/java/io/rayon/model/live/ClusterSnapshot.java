package io.rayon.model.live;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;

/**
 * Everything one poll of a ResourceManager returned. {@code source} is the RM's base URL, {@code
 * takenAt} the epoch millisecond the poll finished (the app's clock). {@code rootQueue} is null for
 * schedulers without a queue tree (FIFO). {@code reservations} holds the plans of the queues in
 * {@code reservationQueues}. {@code warnings} lists parts that could not be read (for example a
 * queue that is not reservable), each naming the endpoint and the problem, so a partial answer is
 * still shown.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClusterSnapshot(
    String source,
    long takenAt,
    ClusterInfo info,
    ClusterMetrics metrics,
    List<NodeReport> nodes,
    String schedulerType,
    QueueReport rootQueue,
    List<AppReport> apps,
    List<String> reservationQueues,
    List<YarnReservation> reservations,
    List<String> warnings) {
  public ClusterSnapshot {
    Objects.requireNonNull(source, "source");
    nodes = nodes == null ? List.of() : List.copyOf(nodes);
    apps = apps == null ? List.of() : List.copyOf(apps);
    reservationQueues = reservationQueues == null ? List.of() : List.copyOf(reservationQueues);
    reservations = reservations == null ? List.of() : List.copyOf(reservations);
    warnings = warnings == null ? List.of() : List.copyOf(warnings);
    schedulerType = schedulerType == null ? "" : schedulerType;
  }
}
