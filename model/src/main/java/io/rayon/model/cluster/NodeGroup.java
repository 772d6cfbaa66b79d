package io.rayon.model.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code count} identical nodes named {@code name-0 .. name-(count-1)}, spread round-robin over
 * {@code racks} racks named {@code name-rack-0 ..}. {@code allowance} (AR, estimation paper §VI) is
 * the usage the node may reach, at most its capacity (NC); null means the capacity. {@code
 * subCluster} names the federation sub-cluster the nodes belong to, or null.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NodeGroup(
    String name,
    int count,
    Resources capacity,
    Resources allowance,
    Integer racks,
    String subCluster) {

  public NodeGroup {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(capacity, "capacity");
  }

  public static NodeGroup of(String name, int count, Resources capacity) {
    return new NodeGroup(name, count, capacity, null, null, null);
  }

  public Resources effectiveAllowance() {
    return allowance == null ? capacity : allowance;
  }

  public int effectiveRacks() {
    return racks == null || racks < 1 ? 1 : racks;
  }

  public Resources totalCapacity() {
    return capacity.times(count);
  }

  public List<Node> expand() {
    List<Node> out = new ArrayList<>(Math.max(0, count));
    int r = effectiveRacks();
    for (int i = 0; i < count; i++) {
      out.add(
          new Node(
              name + "-" + i,
              name + "-rack-" + (i % r),
              capacity,
              effectiveAllowance(),
              subCluster));
    }
    return out;
  }
}
