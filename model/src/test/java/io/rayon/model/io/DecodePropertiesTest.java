package io.rayon.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link InputFiles#decode} decodes by {@code new String} and decodes strictly only a text that
 * holds U+FFFD. Whatever the bytes, it must give what the JDK's strict decoder gives: the same text
 * (less a leading byte-order mark), or a refusal. Seeded byte strings mix valid characters of every
 * length, U+FFFD and byte-order marks of their own, and every kind of malformed sequence.
 */
class DecodePropertiesTest {

  private static final byte[][] VALID = {
    {'a'},
    {'{'},
    {'"'},
    {'\n'},
    {0x7f},
    bytes(0xC3, 0xA9),
    bytes(0xDF, 0xBF),
    bytes(0xE2, 0x82, 0xAC),
    bytes(0xEF, 0xBF, 0xBD), // U+FFFD itself
    bytes(0xEF, 0xBB, 0xBF), // a byte-order mark
    bytes(0xED, 0x9F, 0xBF), // U+D7FF, just below the surrogates
    bytes(0xF0, 0x9F, 0x9A, 0x80),
    bytes(0xF4, 0x8F, 0xBF, 0xBF)
  };

  private static final byte[][] MALFORMED = {
    bytes(0x80), // a lone continuation byte
    bytes(0xC3), // cut short
    bytes(0xE2, 0x82), // cut short
    bytes(0xC0, 0x80), // overlong
    bytes(0xE0, 0x80, 0x80), // overlong
    bytes(0xED, 0xA0, 0x80), // a surrogate
    bytes(0xF4, 0x90, 0x80, 0x80), // above U+10FFFF
    bytes(0xF5),
    bytes(0xFF),
    bytes(0xFE)
  };

  @Test
  void decodesAsTheStrictDecoderDoes() {
    Random r = new Random(71210L);
    int refused = 0;
    int withReplacement = 0;
    for (int i = 0; i < 5000; i++) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      if (r.nextInt(4) == 0) b.writeBytes(bytes(0xEF, 0xBB, 0xBF));
      int n = r.nextInt(40);
      boolean bad = r.nextInt(3) == 0;
      int badAt = bad ? r.nextInt(n + 1) : -1;
      for (int k = 0; k <= n; k++) {
        if (k == badAt) b.writeBytes(MALFORMED[r.nextInt(MALFORMED.length)]);
        if (k < n) b.writeBytes(VALID[r.nextInt(VALID.length)]);
      }
      byte[] in = b.toByteArray();
      String expected = strict(in);
      String got;
      try {
        got = InputFiles.decode(in, "f.json");
      } catch (FormatException e) {
        got = null;
        assertThat(e.getMessage()).contains("f.json").contains("not valid UTF-8");
      }
      assertThat(got).as("bytes %s", java.util.HexFormat.of().formatHex(in)).isEqualTo(expected);
      if (expected == null) refused++;
      else if (expected.indexOf('\uFFFD') >= 0) withReplacement++;
    }
    assertThat(refused).isGreaterThan(1000);
    assertThat(withReplacement).isGreaterThan(1000); // valid texts that take the strict path too
  }

  /** The JDK's strict decoding, less a leading byte-order mark; null when it refuses. */
  private static String strict(byte[] in) {
    try {
      String s =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(in))
              .toString();
      return s.startsWith("\uFEFF") ? s.substring(1) : s;
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  private static byte[] bytes(int... v) {
    byte[] out = new byte[v.length];
    for (int i = 0; i < v.length; i++) out[i] = (byte) v[i];
    return out;
  }
}
