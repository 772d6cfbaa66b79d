package io.rayon.model.federation;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;

/**
 * A job (an application master) with pending container requests. A setup is one share decision
 * (round 0) unless its jobs arrive later or leave: a job is pending in rounds {@code arrival} to
 * {@code arrival + duration - 1}, and in every round from {@code arrival} on when {@code duration}
 * is 0 (the default).
 *
 * @param id unique in the setup
 * @param queue the leaf queue it runs in
 * @param requests what it asks for
 * @param arrival the first decision round it is pending in (0 = from the start; optional in files)
 * @param duration how many rounds it stays (0 = until the end; optional in files)
 */
public record JobSpec(
    String id,
    String queue,
    List<RequestSpec> requests,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) Integer arrival,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) Integer duration) {
  public JobSpec {
    Objects.requireNonNull(id, "id");
    requests = requests == null ? List.of() : List.copyOf(requests);
    arrival = arrival == null ? 0 : arrival; // optional in files
    duration = duration == null ? 0 : duration;
  }

  /** Whether the job is pending in that decision round. */
  public boolean activeIn(int round) {
    return round >= arrival && (duration <= 0 || round < (long) arrival + duration);
  }
}
