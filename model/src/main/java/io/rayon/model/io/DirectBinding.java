package io.rayon.model.io;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlJson;
import io.rayon.model.rdl.RdlParseException;
import io.rayon.model.rdl.RdlParser;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Binds JSON text to a model type in one streaming pass, with no tree: the fast path of reading a
 * scenario file. It binds only what it binds exactly as {@link Json#mapper()} would, and checks as
 * it goes what {@link JsonShape} checks. On anything else (any problem the shape check would
 * report, any refusal of a record's constructor, any declaration it does not know) it gives up and
 * returns null, and the caller reads the text the careful way, tree, shape check and binding, which
 * reports every problem with its place. So a file with a problem gets the same message as before,
 * and a good file the same objects (checked by {@code DirectBindingTest} against the mapper's
 * binding).
 *
 * <p>What it binds: records (their canonical constructor) and classes with a {@code @JsonCreator}
 * whose parameters all carry {@code @JsonProperty}, read field by field (an interface only through
 * such a static factory of its own); a class whose single {@code @JsonCreator} parses text; whole
 * numbers, numbers, booleans, strings, enums by constant name; lists; maps with text keys; values
 * declared as {@code Object}, as the mapper's untyped binding reads them; and RDL text in a field
 * that declares {@link RdlJson.TextOrTreeDeserializer}. It gives up on: an unknown field, a JSON
 * type the field does not take, a whole number out of its type's range, a primitive that is missing
 * or null, a field marked required that is missing, a null in a list, an RDL object (not text), a
 * duplicate field, trailing content, and any class or field carrying a Jackson annotation that
 * changes reading.
 */
public final class DirectBinding {
  private DirectBinding() {}

  /** Thrown to give up; no stack trace (it is expected, and caught right away). */
  private static final class GiveUp extends RuntimeException {
    private static final GiveUp INSTANCE = new GiveUp();

    private GiveUp() {
      super(null, null, false, false);
    }
  }

  /** {@code json} bound as {@code type}, or null when the careful reading must decide. */
  public static <T> T bind(String json, Class<T> type) {
    try (JsonParser p = Json.factory().createParser(json)) {
      return bind(p, type);
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * The document {@code p} reads (from its start), bound as {@code type}, or null when the careful
   * reading must decide. An input failure that is not JSON's (a size limit) is thrown.
   */
  static <T> T bind(JsonParser p, Class<T> type) throws IOException {
    try {
      if (p.nextToken() != JsonToken.START_OBJECT) return null;
      Object value = object(p, type);
      if (p.nextToken() != null) return null; // trailing content: the careful reading reports it
      return type.cast(value);
    } catch (GiveUp | JsonProcessingException e) {
      return null;
    }
  }

  private static GiveUp giveUp() {
    return GiveUp.INSTANCE;
  }

  /** The value at the parser's current token, read as {@code type}. */
  private static Object value(JsonParser p, Type type, boolean rdlText) throws IOException {
    JsonToken t = p.currentToken();
    Class<?> raw = JsonShape.raw(type);
    if (raw == null) throw giveUp();
    if (t == JsonToken.VALUE_NULL) {
      if (raw.isPrimitive()) throw giveUp();
      return null;
    }
    if (raw == int.class || raw == Integer.class) {
      if (t != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT)
        throw giveUp();
      return p.getIntValue();
    }
    if (raw == long.class || raw == Long.class) {
      if (t != JsonToken.VALUE_NUMBER_INT) throw giveUp();
      JsonParser.NumberType n = p.getNumberType();
      if (n != JsonParser.NumberType.INT && n != JsonParser.NumberType.LONG) throw giveUp();
      return p.getLongValue();
    }
    if (raw == double.class || raw == Double.class) {
      if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) throw giveUp();
      return p.getDoubleValue();
    }
    if (raw == boolean.class || raw == Boolean.class) {
      if (t == JsonToken.VALUE_TRUE) return Boolean.TRUE;
      if (t == JsonToken.VALUE_FALSE) return Boolean.FALSE;
      throw giveUp();
    }
    if (raw == String.class) {
      if (t != JsonToken.VALUE_STRING) throw giveUp();
      return p.getText();
    }
    if (raw.isEnum()) return constant(p, raw);
    if (raw == Rdl.class) {
      if (!rdlText || t != JsonToken.VALUE_STRING) throw giveUp();
      try {
        return RdlParser.parse(p.getText(), "rdl");
      } catch (RdlParseException e) {
        throw giveUp();
      }
    }
    if (raw == Object.class) return untyped(p);
    if (raw == List.class || raw == Collection.class)
      return list(p, JsonShape.typeArgument(type, 0));
    if (raw == Map.class || raw == SortedMap.class) {
      if (JsonShape.typeArgument(type, 0) != String.class) throw giveUp();
      return map(p, JsonShape.typeArgument(type, 1), raw == SortedMap.class);
    }
    return object(p, raw);
  }

  /**
   * A value of declared type {@code Object}, as the mapper's untyped binding reads it: objects as
   * {@code LinkedHashMap}, arrays as {@code ArrayList}, whole numbers as {@code Integer} or {@code
   * Long} (larger ones are left to the mapper), other numbers as {@code Double}.
   */
  private static Object untyped(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    switch (t) {
      case VALUE_NULL:
        return null;
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_STRING:
        return p.getText();
      case VALUE_NUMBER_INT:
        JsonParser.NumberType n = p.getNumberType();
        if (n == JsonParser.NumberType.INT) return p.getIntValue();
        if (n == JsonParser.NumberType.LONG) return p.getLongValue();
        throw giveUp();
      case VALUE_NUMBER_FLOAT:
        return p.getDoubleValue();
      case START_OBJECT:
        Map<String, Object> m = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String key = p.currentName();
          p.nextToken();
          m.put(key, untyped(p));
        }
        return m;
      case START_ARRAY:
        List<Object> l = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) l.add(untyped(p));
        return l;
      default:
        throw giveUp();
    }
  }

  private static Object constant(JsonParser p, Class<?> raw) throws IOException {
    if (p.currentToken() != JsonToken.VALUE_STRING || !BINDABLE_ENUMS.get(raw)) throw giveUp();
    String name = p.getText();
    for (Object c : raw.getEnumConstants()) {
      if (((Enum<?>) c).name().equals(name)) return c;
    }
    throw giveUp();
  }

  private static List<Object> list(JsonParser p, Type element) throws IOException {
    if (p.currentToken() != JsonToken.START_ARRAY) throw giveUp();
    List<Object> out = new ArrayList<>();
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      if (t == JsonToken.VALUE_NULL) throw giveUp(); // the shape check reports it
      out.add(value(p, element, false));
    }
    return out;
  }

  private static Map<String, Object> map(JsonParser p, Type value, boolean sorted)
      throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT) throw giveUp();
    Map<String, Object> out = sorted ? new TreeMap<>() : new LinkedHashMap<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String key = p.currentName();
      p.nextToken();
      out.put(key, value(p, value, false));
    }
    return out;
  }

  private static Object object(JsonParser p, Class<?> raw) throws IOException {
    Binding b = BINDINGS.get(raw);
    if (b == null) throw giveUp();
    if (b.parser != null) {
      if (p.currentToken() != JsonToken.VALUE_STRING) throw giveUp();
      return create(b.parser, p.getText());
    }
    if (p.currentToken() != JsonToken.START_OBJECT) throw giveUp();
    int n = b.names.length;
    Object[] args = new Object[n];
    boolean[] seen = new boolean[n];
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      Integer i = b.index.get(p.currentName());
      if (i == null) throw giveUp(); // an unknown field: the shape check names it
      p.nextToken();
      args[i] = value(p, b.types[i], b.rdlText[i]);
      seen[i] = true;
    }
    for (int i = 0; i < n; i++) {
      if (seen[i]) continue;
      // Jackson would pass a primitive's zero or refuse a required field; the careful path decides
      if (b.primitive[i] || b.required[i]) throw giveUp();
    }
    return create(b.creator, args);
  }

  private static Object create(Executable creator, Object... args) {
    try {
      return creator instanceof Constructor<?> c
          ? c.newInstance(args)
          : ((Method) creator).invoke(null, args);
    } catch (InvocationTargetException
        | InstantiationException
        | IllegalAccessException
        | IllegalArgumentException e) {
      throw giveUp(); // the record refused its values: the careful path reports it, located
    }
  }

  /**
   * How a class is bound: by a text parser ({@code parser}), or field by field through {@code
   * creator}, whose parameters are the fields in order. Null: a class this binding leaves to the
   * careful path.
   */
  private record Binding(
      Method parser,
      Executable creator,
      String[] names,
      Type[] types,
      boolean[] primitive,
      boolean[] required,
      boolean[] rdlText,
      Map<String, Integer> index) {}

  private static final ClassValue<Binding> BINDINGS =
      new ClassValue<>() {
        @Override
        protected Binding computeValue(Class<?> raw) {
          try {
            return binding(raw);
          } catch (RuntimeException e) {
            return null; // declarations this binding cannot read: the careful path reads the class
          }
        }
      };

  /** Enums that Jackson reads by their constants' names alone (no Jackson annotation on them). */
  private static final ClassValue<Boolean> BINDABLE_ENUMS =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> raw) {
          if (hasJackson(raw.getDeclaredAnnotations())) return false;
          for (var f : raw.getDeclaredFields()) {
            if (hasJackson(f.getDeclaredAnnotations())) return false;
          }
          for (Method m : raw.getDeclaredMethods()) {
            if (hasJackson(m.getDeclaredAnnotations())) return false;
          }
          return true;
        }
      };

  /** Class annotations that do not change how a class is read. */
  private static final Set<String> NEUTRAL_ON_CLASS =
      Set.of("JsonInclude", "JsonPropertyOrder", "JsonSerialize");

  /** Field annotations that do not change how a field is read (beyond what is handled here). */
  private static final Set<String> NEUTRAL_ON_FIELD =
      Set.of("JsonProperty", "JsonInclude", "JsonSerialize", "JsonDeserialize");

  private static Binding binding(Class<?> raw) {
    if (raw.isEnum() || raw.isArray() || raw.isPrimitive() || raw.getName().startsWith("java."))
      return null;
    for (Annotation a : raw.getDeclaredAnnotations()) {
      if (isJackson(a) && !NEUTRAL_ON_CLASS.contains(a.annotationType().getSimpleName()))
        return null;
    }
    // the shape the shape check reads: a parser of text, or fields (null: a shape it leaves alone)
    JsonShape.Shape shape = JsonShape.shape(raw);
    Executable creator = shape.creator();
    // an interface or abstract class is read only through a static factory of its own
    if ((raw.isInterface() || Modifier.isAbstract(raw.getModifiers()))
        && !(creator instanceof Method)) return null;
    Method parser = shape.parser();
    if (parser != null) {
      var jc = parser.getAnnotation(com.fasterxml.jackson.annotation.JsonCreator.class);
      if (jc.mode() != com.fasterxml.jackson.annotation.JsonCreator.Mode.DEFAULT
          && jc.mode() != com.fasterxml.jackson.annotation.JsonCreator.Mode.DELEGATING) return null;
      return accessible(parser)
          ? new Binding(parser, null, null, null, null, null, null, Map.of())
          : null;
    }
    Map<String, Type> fields = shape.fields();
    if (fields == null) return null;
    Parameter[] params;
    List<AnnotatedElement[]> places = new ArrayList<>();
    if (creator != null) {
      var jc = creator.getAnnotation(com.fasterxml.jackson.annotation.JsonCreator.class);
      if (jc.mode() != com.fasterxml.jackson.annotation.JsonCreator.Mode.DEFAULT
          && jc.mode() != com.fasterxml.jackson.annotation.JsonCreator.Mode.PROPERTIES) return null;
      params = creator.getParameters();
      for (Parameter q : params) places.add(new AnnotatedElement[] {q});
    } else {
      RecordComponent[] rcs = raw.getRecordComponents();
      if (rcs.length != fields.size()) return null; // a component Jackson ignores
      Class<?>[] types = new Class<?>[rcs.length];
      for (int i = 0; i < rcs.length; i++) types[i] = rcs[i].getType();
      try {
        creator = raw.getDeclaredConstructor(types);
      } catch (NoSuchMethodException e) {
        return null;
      }
      params = creator.getParameters();
      for (RecordComponent rc : rcs) {
        AnnotatedElement field;
        try {
          field = raw.getDeclaredField(rc.getName());
        } catch (NoSuchFieldException e) {
          return null;
        }
        places.add(new AnnotatedElement[] {rc, rc.getAccessor(), field});
      }
      for (int i = 0; i < params.length; i++) {
        places.set(i, append(places.get(i), params[i]));
      }
    }
    if (params.length != fields.size() || !accessible(creator)) return null;
    int n = params.length;
    String[] names = fields.keySet().toArray(new String[0]);
    Type[] types = new Type[n];
    boolean[] primitive = new boolean[n];
    boolean[] required = new boolean[n];
    boolean[] rdlText = new boolean[n];
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < n; i++) {
      types[i] = fields.get(names[i]);
      primitive[i] = params[i].getType().isPrimitive();
      if (JsonShape.raw(types[i]) != params[i].getType()) return null;
      for (AnnotatedElement e : places.get(i)) {
        for (Annotation a : e.getDeclaredAnnotations()) {
          if (!isJackson(a)) continue;
          String kind = a.annotationType().getSimpleName();
          if (!NEUTRAL_ON_FIELD.contains(kind)) return null;
          if (a instanceof com.fasterxml.jackson.annotation.JsonProperty jp) {
            if (jp.required()) required[i] = true;
            if (jp.access() != com.fasterxml.jackson.annotation.JsonProperty.Access.AUTO
                || !jp.defaultValue().isEmpty()) return null;
          }
          if (a instanceof JsonDeserialize jd) {
            if (jd.using() != RdlJson.TextOrTreeDeserializer.class
                || JsonShape.raw(types[i]) != Rdl.class) return null;
            rdlText[i] = true;
          }
        }
      }
      index.put(names[i], i);
    }
    return new Binding(null, creator, names, types, primitive, required, rdlText, index);
  }

  private static AnnotatedElement[] append(AnnotatedElement[] a, AnnotatedElement e) {
    AnnotatedElement[] out = java.util.Arrays.copyOf(a, a.length + 1);
    out[a.length] = e;
    return out;
  }

  private static boolean accessible(Executable e) {
    try {
      e.setAccessible(true);
      return true;
    } catch (RuntimeException ex) {
      return false;
    }
  }

  private static boolean isJackson(Annotation a) {
    return a.annotationType().getName().startsWith("com.fasterxml.jackson.");
  }

  private static boolean hasJackson(Annotation[] as) {
    for (Annotation a : as) if (isJackson(a)) return true;
    return false;
  }
}
