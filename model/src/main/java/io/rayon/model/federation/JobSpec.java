package io.rayon.model.federation;

import java.util.List;
import java.util.Objects;

/**
 * A job (an application master) with pending container requests.
 *
 * @param id unique in the setup
 * @param queue the leaf queue it runs in
 * @param requests what it asks for
 */
public record JobSpec(String id, String queue, List<RequestSpec> requests) {
  public JobSpec {
    Objects.requireNonNull(id, "id");
    requests = requests == null ? List.of() : List.copyOf(requests);
  }
}
