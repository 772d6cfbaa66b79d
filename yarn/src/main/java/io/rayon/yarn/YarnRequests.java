package io.rayon.yarn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rayon.model.live.YarnReservationDefinition;
import io.rayon.model.live.YarnStage;
import io.rayon.model.resources.Resources;

/** Bodies of the reservation write requests, in the JSON shape of YARN's REST API. */
public final class YarnRequests {
  private YarnRequests() {}

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  /**
   * {@code reservation/submit}: the id from {@code new-reservation} (null to leave it out), queue
   * and definition.
   */
  public static ObjectNode submission(
      String reservationId, String queue, YarnReservationDefinition def) {
    ObjectNode o = F.objectNode();
    o.put("queue", queue);
    if (reservationId != null) o.put("reservation-id", reservationId);
    o.set("reservation-definition", definition(def));
    return o;
  }

  /**
   * A submission body read back: the queue, the reservation id (null when absent) and the
   * definition.
   */
  public record Submission(
      String queue, String reservationId, YarnReservationDefinition definition) {}

  /**
   * Reads a {@code reservation/submit} body, for example a file written by {@code rayon yarn
   * export}.
   *
   * @throws IllegalArgumentException naming the JSON path and the problem when the body is
   *     malformed
   */
  public static Submission parseSubmission(JsonNode body) {
    try {
      ReplyNode root = ReplyNode.root(body);
      String queue = root.requiredText("queue");
      YarnReservationDefinition def = YarnReplies.definition(root.object("reservation-definition"));
      return new Submission(queue, root.text("reservation-id"), def);
    } catch (ReplyNode.Malformed e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** {@code reservation/update}: the id of the reservation to change and its new definition. */
  public static ObjectNode update(String reservationId, YarnReservationDefinition def) {
    ObjectNode o = F.objectNode();
    o.put("reservation-id", reservationId);
    o.set("reservation-definition", definition(def));
    return o;
  }

  /** {@code reservation/delete}. */
  public static ObjectNode delete(String reservationId) {
    ObjectNode o = F.objectNode();
    o.put("reservation-id", reservationId);
    return o;
  }

  public static ObjectNode definition(YarnReservationDefinition def) {
    ObjectNode d = F.objectNode();
    d.put("arrival", def.arrival());
    d.put("deadline", def.deadline());
    d.put("reservation-name", def.name());
    if (def.priority() != null) d.put("priority", def.priority());
    if (def.recurrenceExpression() != null)
      d.put("recurrence-expression", def.recurrenceExpression());
    ObjectNode reqs = d.putObject("reservation-requests");
    reqs.put("reservation-request-interpreter", def.interpreter().code());
    ArrayNode list = reqs.putArray("reservation-request");
    for (YarnStage s : def.stages()) {
      ObjectNode r = list.addObject();
      r.put("duration", s.durationMs());
      r.put("num-containers", s.numContainers());
      r.put("min-concurrency", s.minConcurrency());
      r.set("capability", capability(s.capability()));
    }
    return d;
  }

  static ObjectNode capability(Resources r) {
    ObjectNode c = F.objectNode();
    c.put("memory", r.memoryMB());
    c.put("vCores", r.vcores());
    return c;
  }
}
