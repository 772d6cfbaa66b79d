package io.rayon.model.reservation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlJson;
import java.util.Objects;

/**
 * A request to reserve resources: who asks ({@code user}, {@code queue}), what ({@code rdl},
 * written in the RDL text syntax in files), how important ({@code priority}, higher first when a
 * planner orders requests) and when it arrives ({@code arrival}, in plan steps; requests are placed
 * online in arrival order).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReservationRequest(
    String id,
    String name,
    String user,
    String queue,
    @JsonSerialize(using = RdlJson.TextSerializer.class)
        @JsonDeserialize(using = RdlJson.TextOrTreeDeserializer.class)
        Rdl rdl,
    int priority,
    long arrival) {
  public ReservationRequest {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(rdl, "rdl");
    if (name == null) name = id;
    if (user == null) user = "default";
    if (queue == null) queue = "default";
  }

  public static ReservationRequest of(String id, Rdl rdl) {
    return new ReservationRequest(id, id, "default", "default", rdl, 0, 0);
  }

  public ReservationRequest withRdl(Rdl newRdl) {
    return new ReservationRequest(id, name, user, queue, newRdl, priority, arrival);
  }
}
