package io.rayon.model.live;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.rayon.model.cluster.Queue;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One scheduler queue ({@code /ws/v1/cluster/scheduler}). Capacities are fractions (0..1): {@code
 * capacity} and {@code maxCapacity} of the parent, {@code absoluteCapacity} and {@code
 * absoluteUsedCapacity} of the cluster; {@code usedCapacity} is the share of its own guarantee in
 * use (above 1 when the queue borrows idle capacity). {@code path} is the dotted full name ({@code
 * root.dedicated}).
 */
public record QueueReport(
    String name,
    String path,
    String state,
    double capacity,
    double maxCapacity,
    double usedCapacity,
    double absoluteCapacity,
    double absoluteUsedCapacity,
    int numApplications,
    Resources used,
    List<QueueReport> children) {
  public QueueReport {
    Objects.requireNonNull(name, "name");
    path = path == null || path.isEmpty() ? name : path;
    state = state == null ? "" : state;
    used = used == null ? Resources.ZERO : used;
    children = children == null ? List.of() : List.copyOf(children);
  }

  @JsonIgnore
  public boolean isLeaf() {
    return children.isEmpty();
  }

  /** This queue and every queue below it, depth first. */
  public void forEach(Consumer<QueueReport> f) {
    f.accept(this);
    for (QueueReport c : children) c.forEach(f);
  }

  /** The leaf queues of this subtree, depth first. */
  public List<QueueReport> leaves() {
    List<QueueReport> out = new ArrayList<>();
    forEach(
        q -> {
          if (q.isLeaf()) out.add(q);
        });
    return out;
  }

  /**
   * The model queue tree with the same guarantees and maxima; {@code reservable} names the queues
   * (leaf names or dotted paths) known to hold plans, since YARN's scheduler report does not say.
   */
  public Queue toModelQueue(Set<String> reservable) {
    List<Queue> kids = new ArrayList<>();
    for (QueueReport c : children) kids.add(c.toModelQueue(reservable));
    boolean r = reservable.contains(name) || reservable.contains(path);
    return new Queue(name, capacity, maxCapacity, 1.0, r, kids);
  }
}
