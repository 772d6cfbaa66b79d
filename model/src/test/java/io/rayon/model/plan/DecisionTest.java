package io.rayon.model.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.SerializationFeature;
import io.rayon.model.io.Json;
import io.rayon.model.resources.Resources;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A decision is accepted with its allocation or rejected with its reason; plan files keep their
 * form.
 */
class DecisionTest {
  static final ReservationAllocation ALLOC =
      new ReservationAllocation(
          "r1", List.of(new AtomAllocation("", Resources.of(1024, 1), List.of(new Step(0, 2, 3)))));

  @Test
  void eachKindIsItsOwnTypeAndWritesThePlanFileForm() throws Exception {
    Decision a = Decision.accept(ALLOC);
    Decision r = Decision.reject("r2", Rejection.of(Rejection.Code.CAPACITY, "", "no room"));
    assertThat(a)
        .isInstanceOfSatisfying(
            Decision.Accepted.class, acc -> assertThat(acc.allocation()).isEqualTo(ALLOC));
    assertThat(r)
        .isInstanceOfSatisfying(
            Decision.Rejected.class,
            rej -> assertThat(rej.rejection().code()).isEqualTo(Rejection.Code.CAPACITY));
    String ja =
        Json.mapper().writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(a);
    String jr =
        Json.mapper().writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(r);
    assertThat(ja)
        .startsWith("{\"reservationId\":\"r1\",\"accepted\":true,\"allocation\":{")
        .doesNotContain("rejection");
    assertThat(jr)
        .startsWith("{\"reservationId\":\"r2\",\"accepted\":false,\"rejection\":{")
        .doesNotContain("allocation");
    assertThat(Json.mapper().readValue(ja, Decision.class)).isEqualTo(a);
    assertThat(Json.mapper().readValue(jr, Decision.class)).isEqualTo(r);
  }

  @Test
  void aDecisionThatContradictsItselfIsRefused() {
    assertThatThrownBy(
            () ->
                Json.mapper()
                    .readValue("{\"reservationId\":\"r1\",\"accepted\":true}", Decision.class))
        .hasMessageContaining("an accepted decision needs its allocation");
    assertThatThrownBy(
            () ->
                Json.mapper()
                    .readValue("{\"reservationId\":\"r1\",\"accepted\":false}", Decision.class))
        .hasMessageContaining("a rejected decision needs its rejection");
  }
}
