package io.rayon.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.model.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The shape checker reads each class's declarations once and reuses them (a scenario holds
 * thousands of objects of the same few classes): every object is still checked on its own, in every
 * document, and what one document reported never leaks into the next.
 */
class JsonShapeClassReuseTest {

  /** A type whose JSON creator is a one-argument constructor: left to the binding. */
  public record Wrapped(String value) {
    @JsonCreator
    public Wrapped {}
  }

  /** A field of such a type. */
  public record Holder(Wrapped w, long n) {}

  private static JsonNode tree(String json) throws Exception {
    return Json.mapper().readTree(json);
  }

  @Test
  void everyReservationOfAFileIsCheckedNotOnlyTheFirstOfItsClass() throws Exception {
    // seeded: which of 300 reservations carry a bad field, and which kind of bad
    Random rnd = new Random(20261207L);
    StringBuilder json = new StringBuilder("{\"formatVersion\": 1, \"reservations\": [");
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      if (i > 0) json.append(',');
      int kind = rnd.nextInt(4);
      String p = "$.reservations[" + i + "]";
      switch (kind) {
        case 0 -> {
          json.append("{\"id\": \"r").append(i).append("\", \"rdl\": \"atom(<1,1>,1,1,1,1)\"}");
        }
        case 1 -> {
          json.append("{\"id\": \"r").append(i).append("\", \"arrival\": \"soon\"}");
          expected.add(p + ".arrival");
        }
        case 2 -> {
          json.append("{\"id\": \"r").append(i).append("\", \"colour\": 1}");
          expected.add(p + ".colour");
        }
        default -> {
          json.append("{\"id\": ").append(i).append(", \"priority\": 1e400}");
          expected.add(p + ".id");
          expected.add(p + ".priority");
        }
      }
    }
    json.append("]}");
    JsonNode node = tree(json.toString());
    List<String> first =
        JsonShape.check(node, Scenario.class).stream().map(JsonShape.Problem::path).toList();
    // at most MAX_PROBLEMS are kept
    List<String> want = expected.subList(0, Math.min(expected.size(), JsonShape.MAX_PROBLEMS));
    assertThat(first).containsExactlyElementsOf(want);
    // the same tree again, and a clean one in between: the same problems, none carried over
    assertThat(
            JsonShape.check(tree("{\"formatVersion\": 1, \"reservations\": []}"), Scenario.class))
        .isEmpty();
    assertThat(JsonShape.check(node, Scenario.class).stream().map(JsonShape.Problem::path).toList())
        .isEqualTo(first);
  }

  @Test
  void aOneArgumentConstructorCreatorIsLeftToTheBindingAndItsSiblingsAreStillChecked()
      throws Exception {
    // the checker used to cast such a creator to a method and fail with ClassCastException
    for (int i = 0; i < 3; i++) {
      List<JsonShape.Problem> ps =
          JsonShape.check(tree("{\"w\": 5, \"n\": \"many\"}"), Holder.class);
      assertThat(ps).singleElement().extracting(JsonShape.Problem::path).isEqualTo("$.n");
    }
  }
}
