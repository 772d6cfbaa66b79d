package io.rayon.model.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * A hierarchical scheduler queue. {@code guaranteed} and {@code maximum} are fractions (0..1) of
 * the parent's capacity, as in YARN's CapacityScheduler; {@code weight} orders sharing of idle
 * capacity; a {@code reservable} queue can hold reservations (a plan queue).
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Queue(
    String name,
    double guaranteed,
    double maximum,
    double weight,
    boolean reservable,
    List<Queue> children) {
  public Queue {
    Objects.requireNonNull(name, "name");
    children = children == null ? List.of() : List.copyOf(children);
  }

  public static Queue leaf(String name, double guaranteed, double maximum, boolean reservable) {
    return new Queue(name, guaranteed, maximum, 1.0, reservable, List.of());
  }

  /** Finds a queue by leaf name or dotted path ({@code root.dedicated}) in this subtree. */
  public Queue find(String nameOrPath) {
    if (name.equals(nameOrPath)) return this;
    for (Queue c : children) {
      String rest =
          nameOrPath.startsWith(name + ".") ? nameOrPath.substring(name.length() + 1) : nameOrPath;
      Queue q = c.find(rest);
      if (q != null) return q;
    }
    return null;
  }

  /** Every queue of this subtree, depth first, with dotted paths. */
  public void forEach(String parentPath, BiConsumer<String, Queue> f) {
    String path = parentPath == null || parentPath.isEmpty() ? name : parentPath + "." + name;
    f.accept(path, this);
    for (Queue c : children) c.forEach(path, f);
  }
}
