package io.rayon.model.federation;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;

/**
 * One queue of the federation's global hierarchy, as in YARN's CapacityScheduler: {@code
 * guaranteed} and {@code maximum} are fractions (0..1) of the parent's capacity; {@code weight}
 * divides capacity the guarantees leave idle among siblings; {@code gang} is the number of
 * containers each job of the queue must get at once (0 = no gang requirement).
 *
 * @param name unique in the federation
 * @param parent the parent queue's name; {@code null} for the root
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QueueSpec(
    String name, String parent, double guaranteed, double maximum, double weight, int gang) {
  public QueueSpec {
    Objects.requireNonNull(name, "name");
  }
}
