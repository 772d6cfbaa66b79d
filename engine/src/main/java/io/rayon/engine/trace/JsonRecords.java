package io.rayon.engine.trace;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rayon.model.io.FormatException;
import io.rayon.model.text.Visible;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads a file holding a sequence of JSON objects (concatenated or whitespace-separated, as Rumen
 * and YARN SLS write them, or wrapped in one top-level array), handing each to a visitor with the
 * line it starts on. A JSON syntax error stops the import with its line and column, even in lenient
 * mode: after it nothing can be read reliably.
 */
final class JsonRecords {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  interface Visitor {
    void record(JsonNode node, int line) throws FormatException;
  }

  private JsonRecords() {}

  static void read(Path file, Visitor visitor) throws FormatException, IOException {
    String name = file.toString();
    try (InputStream in = TraceFiles.open(file);
        JsonParser p = MAPPER.getFactory().createParser(in)) {
      JsonToken tok = p.nextToken();
      boolean array = tok == JsonToken.START_ARRAY;
      if (array) tok = p.nextToken();
      while (tok != null) {
        if (array && tok == JsonToken.END_ARRAY) break;
        int line = p.currentTokenLocation().getLineNr();
        if (tok != JsonToken.START_OBJECT) {
          throw new FormatException(
              name, "line " + line, "expected a JSON object (a job), found " + tok.asString());
        }
        JsonNode node = MAPPER.readTree(p);
        visitor.record(node, line);
        tok = p.nextToken();
      }
    } catch (NoSuchFileException e) {
      throw new FormatException(name, null, "no such file");
    } catch (JsonProcessingException e) {
      var loc = e.getLocation();
      String place =
          loc == null ? null : "line " + loc.getLineNr() + ", column " + loc.getColumnNr();
      throw new FormatException(
          name, place, "malformed JSON: " + Visible.show(e.getOriginalMessage()));
    }
  }

  static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }

  /** A number field, or throws {@link IllegalArgumentException} naming it. */
  static long number(JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null || v.isNull())
      throw new IllegalArgumentException("field '" + field + "' is missing");
    if (v.isNumber()) {
      // checked, not wrapped: 1e30 or 2^64 is an error, not whatever asLong() makes of it
      if (v.isIntegralNumber() && v.canConvertToLong()) return v.asLong();
      double d = v.asDouble();
      if (!v.isIntegralNumber() && Double.isFinite(d) && d == Math.rint(d) && Math.abs(d) < 9.0e15)
        return (long) d;
      throw new IllegalArgumentException(
          "field '"
              + field
              + "' is "
              + v
              + ", not a whole number in range (at most "
              + Long.MAX_VALUE
              + ")");
    }
    if (v.isTextual()) {
      try {
        return Long.parseLong(v.asText().trim());
      } catch (NumberFormatException e) {
        // fall through
      }
    }
    throw new IllegalArgumentException("field '" + field + "' is " + v + ", not a whole number");
  }

  static long number(JsonNode n, String field, long dflt) {
    JsonNode v = n.get(field);
    if (v == null || v.isNull()) return dflt;
    return number(n, field);
  }
}
