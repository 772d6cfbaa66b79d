package io.rayon.model.rdl;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.jsontype.TypeDeserializer;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import java.io.IOException;

/**
 * Jackson bindings for RDL inside scenario files: written as RDL text (readable, diff-friendly);
 * read from text or from the JSON tree form ({@code {"type":"atom",...}}).
 */
public final class RdlJson {
  private RdlJson() {}

  public static final class TextSerializer extends JsonSerializer<Rdl> {
    @Override
    public void serialize(Rdl value, JsonGenerator gen, SerializerProvider serializers)
        throws IOException {
      gen.writeString(RdlPrinter.print(value));
    }

    /** The text form carries its own operator names, so no type id is written around it. */
    @Override
    public void serializeWithType(
        Rdl value, JsonGenerator gen, SerializerProvider serializers, TypeSerializer typeSer)
        throws IOException {
      serialize(value, gen, serializers);
    }
  }

  public static final class TextOrTreeDeserializer extends JsonDeserializer<Rdl> {
    @Override
    public Rdl deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      if (p.currentToken() == JsonToken.VALUE_STRING) {
        String text = p.getText();
        try {
          return RdlParser.parse(text, "rdl");
        } catch (RdlParseException e) {
          throw InvalidFormatException.from(
              p,
              "invalid RDL at line " + e.line() + ", column " + e.column() + ": " + e.problem(),
              text,
              Rdl.class);
        }
      }
      if (p.currentToken() == JsonToken.START_OBJECT) {
        return ctxt.readValue(p, Rdl.class);
      }
      throw InvalidFormatException.from(
          p, "expected RDL text or an RDL object, found " + p.currentToken(), null, Rdl.class);
    }

    /**
     * Text carries no type id; objects are read by the polymorphic tree binding in {@link
     * #deserialize}.
     */
    @Override
    public Object deserializeWithType(
        JsonParser p, DeserializationContext ctxt, TypeDeserializer typeDeserializer)
        throws IOException {
      return deserialize(p, ctxt);
    }
  }
}
