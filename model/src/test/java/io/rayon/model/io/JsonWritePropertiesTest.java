package io.rayon.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.StreamReadFeature;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * {@link Json#write} writes plain values (maps, lists, sets, text, numbers, booleans, nulls)
 * without the mapper, and must write exactly what the mapper writes: the oracle is {@code
 * Json.mapper().writeValueAsString} on seeded generated values, with the texts and numbers JSON
 * writers differ on (escapes, control characters, text outside the BMP, NaN, infinities, -0.0,
 * extreme whole numbers). Values that are not plain go to the mapper.
 */
class JsonWritePropertiesTest {

  @Test
  void plainValuesAreWrittenAsTheMapperWritesThem() throws Exception {
    Random r = new Random(71211L);
    for (int i = 0; i < 2000; i++) {
      Object v = value(r, 0);
      assertThat(Json.plain(v, 0)).as("generated values are plain").isTrue();
      assertThat(Json.write(v)).as("value %d", i).isEqualTo(Json.mapper().writeValueAsString(v));
    }
  }

  @Test
  void otherValuesAreWrittenByTheMapper() throws Exception {
    Map<String, Object> withRecord = new LinkedHashMap<>();
    withRecord.put("bundle", Resources.of(1024, 1));
    Map<Object, Object> numberKeys = new TreeMap<>(Map.of(1, "a", 2, "b"));
    Object deep = "x";
    for (int i = 0; i < 80; i++) deep = List.of(deep);
    Object[] others = {
      withRecord,
      numberKeys,
      new int[] {1, 2},
      List.of(Thread.State.NEW),
      Map.of("k", new int[] {1, 2}),
      deep
    };
    for (Object o : others) {
      assertThat(Json.write(o)).isEqualTo(Json.mapper().writeValueAsString(o));
    }
    assertThat(Json.plain(withRecord, 0)).isFalse();
    assertThat(Json.plain(deep, 0)).isFalse();
  }

  @Test
  void theMapperReadsWithTheSameFactory() {
    assertThat(Json.mapper().getFactory()).isSameAs(Json.factory());
    assertThat(Json.factory().isEnabled(StreamReadFeature.STRICT_DUPLICATE_DETECTION)).isTrue();
    assertThat(Json.factory().streamReadConstraints().getMaxNestingDepth())
        .isEqualTo(Rdl.MAX_DEPTH * 2 + 16);
  }

  private static final String[] TEXTS = {
    "",
    "plain",
    "caf\u00e9",
    "line\nbreak",
    "tab\t",
    "quote\"",
    "back\\slash",
    "\u0000\u001f",
    "\u007f",
    "\u2028\u2029",
    "\ud83d\ude80",
    "\ud800",
    "</script>",
    "key with spaces"
  };

  private static final double[] DOUBLES = {
    0.0,
    -0.0,
    0.1,
    1.0,
    1e-300,
    1e300,
    Double.MIN_VALUE,
    Double.MAX_VALUE,
    Double.NaN,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    12.5,
    1.0 / 3
  };

  private static final long[] LONGS = {
    0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 40
  };

  private static Object value(Random r, int depth) {
    int kind = depth >= 4 ? r.nextInt(7) : r.nextInt(10);
    return switch (kind) {
      case 0 -> null;
      case 1 -> TEXTS[r.nextInt(TEXTS.length)];
      case 2 -> (int) LONGS[r.nextInt(LONGS.length)];
      case 3 -> LONGS[r.nextInt(LONGS.length)];
      case 4 -> DOUBLES[r.nextInt(DOUBLES.length)];
      case 5 -> (float) DOUBLES[r.nextInt(DOUBLES.length)];
      case 6 -> r.nextBoolean();
      case 7 -> {
        Map<String, Object> m = r.nextBoolean() ? new LinkedHashMap<>() : new TreeMap<>();
        for (int i = r.nextInt(5); i > 0; i--)
          m.put(TEXTS[r.nextInt(TEXTS.length)] + i, value(r, depth + 1));
        yield m;
      }
      case 8 -> {
        List<Object> l = new ArrayList<>();
        for (int i = r.nextInt(5); i > 0; i--) l.add(value(r, depth + 1));
        yield l;
      }
      default -> {
        LinkedHashSet<Object> s = new LinkedHashSet<>();
        for (int i = r.nextInt(4); i > 0; i--) s.add(value(r, depth + 1));
        yield s;
      }
    };
  }
}
