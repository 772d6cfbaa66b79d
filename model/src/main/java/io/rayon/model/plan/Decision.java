package io.rayon.model.plan;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * The outcome for one reservation: {@link Accepted} with its allocation, or {@link Rejected} with
 * its reason. Code that needs the one or the other switches on the type; {@link #allocation()} and
 * {@link #rejection()} are shortcuts that are empty ({@code null}) for the other kind. In plan
 * files a decision is {@code {"reservationId", "accepted", "rejection" | "allocation"}}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"reservationId", "accepted", "rejection", "allocation"})
public sealed interface Decision permits Decision.Accepted, Decision.Rejected {

  /** Accepted: the reservation holds {@code allocation} in the plan. */
  record Accepted(@JsonProperty("allocation") ReservationAllocation allocation)
      implements Decision {
    public Accepted {
      Objects.requireNonNull(allocation, "allocation");
    }

    @Override
    public String reservationId() {
      return allocation.reservationId();
    }

    @Override
    public boolean accepted() {
      return true;
    }

    @Override
    @JsonIgnore
    public Rejection rejection() {
      return null;
    }
  }

  /** Rejected, for the reason a person can act on. */
  record Rejected(
      @JsonProperty("reservationId") String reservationId,
      @JsonProperty("rejection") Rejection rejection)
      implements Decision {
    public Rejected {
      Objects.requireNonNull(reservationId, "reservationId");
      Objects.requireNonNull(rejection, "rejection");
    }

    @Override
    public boolean accepted() {
      return false;
    }

    @Override
    @JsonIgnore
    public ReservationAllocation allocation() {
      return null;
    }
  }

  @JsonProperty("reservationId")
  String reservationId();

  @JsonProperty("accepted")
  boolean accepted();

  /** The reason of a rejected decision; null for an accepted one (switch on the type instead). */
  @JsonProperty("rejection")
  Rejection rejection();

  /**
   * The allocation of an accepted decision; null for a rejected one (switch on the type instead).
   */
  @JsonProperty("allocation")
  ReservationAllocation allocation();

  static Decision accept(ReservationAllocation a) {
    return new Accepted(a);
  }

  static Decision reject(String id, Rejection r) {
    return new Rejected(id, r);
  }

  /**
   * Reads the plan-file form, checking that an accepted decision has an allocation and a rejected
   * one a reason.
   */
  @JsonCreator
  static Decision fromJson(
      @JsonProperty(value = "reservationId", required = true) String reservationId,
      @JsonProperty(value = "accepted", required = true) boolean accepted,
      @JsonProperty("rejection") Rejection rejection,
      @JsonProperty("allocation") ReservationAllocation allocation) {
    if (accepted) {
      if (allocation == null)
        throw new IllegalArgumentException("an accepted decision needs its allocation");
      if (!reservationId.equals(allocation.reservationId())) {
        throw new IllegalArgumentException(
            "decision for '"
                + reservationId
                + "' holds the allocation of '"
                + allocation.reservationId()
                + "'");
      }
      return new Accepted(allocation);
    }
    if (rejection == null)
      throw new IllegalArgumentException("a rejected decision needs its rejection");
    return new Rejected(reservationId, rejection);
  }
}
