package io.rayon.model.resources;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A multi-dimensional resource vector: memory in MB, virtual cores, and optional named extras (for
 * example {@code gpu}). Immutable. Missing extras count as zero, so vectors with different extra
 * sets can be combined.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Resources(long memoryMB, long vcores, SortedMap<String, Long> extras) {

  public static final Resources ZERO = new Resources(0, 0, Collections.emptySortedMap());

  public Resources {
    if (extras == null || extras.isEmpty()) {
      extras = Collections.emptySortedMap();
    } else {
      TreeMap<String, Long> copy = new TreeMap<>();
      extras.forEach(
          (k, v) -> {
            Objects.requireNonNull(k, "extra resource name");
            if (v != null && v != 0) copy.put(k, v);
          });
      extras =
          copy.isEmpty() ? Collections.emptySortedMap() : Collections.unmodifiableSortedMap(copy);
    }
  }

  @JsonCreator
  public static Resources fromJson(
      @JsonProperty(value = "memoryMB", required = true) long memoryMB,
      @JsonProperty(value = "vcores", required = true) long vcores,
      @JsonProperty("extras") Map<String, Long> extras) {
    return new Resources(memoryMB, vcores, extras == null ? null : new TreeMap<>(extras));
  }

  public static Resources of(long memoryMB, long vcores) {
    return new Resources(memoryMB, vcores, null);
  }

  public static Resources of(long memoryMB, long vcores, Map<String, Long> extras) {
    return new Resources(memoryMB, vcores, extras == null ? null : new TreeMap<>(extras));
  }

  /** Value of a dimension by name: {@code memoryMB}, {@code vcores} or an extra's name. */
  public long get(String dimension) {
    return switch (dimension) {
      case "memoryMB" -> memoryMB;
      case "vcores" -> vcores;
      default -> extras.getOrDefault(dimension, 0L);
    };
  }

  public Resources plus(Resources o) {
    return combine(o, 1);
  }

  public Resources minus(Resources o) {
    return combine(o, -1);
  }

  private Resources combine(Resources o, long sign) {
    // exact: amounts from files never wrap around (ArithmeticException instead)
    if (o.extras.isEmpty() && extras.isEmpty()) {
      return new Resources(
          Math.addExact(memoryMB, Math.multiplyExact(sign, o.memoryMB)),
          Math.addExact(vcores, Math.multiplyExact(sign, o.vcores)),
          null);
    }
    TreeMap<String, Long> e = new TreeMap<>(extras);
    o.extras.forEach((k, v) -> e.merge(k, Math.multiplyExact(sign, v), Math::addExact));
    return new Resources(
        Math.addExact(memoryMB, Math.multiplyExact(sign, o.memoryMB)),
        Math.addExact(vcores, Math.multiplyExact(sign, o.vcores)),
        e);
  }

  public Resources times(long factor) {
    if (factor == 1) return this;
    TreeMap<String, Long> e = new TreeMap<>();
    extras.forEach((k, v) -> e.put(k, Math.multiplyExact(v, factor)));
    return new Resources(
        Math.multiplyExact(memoryMB, factor), Math.multiplyExact(vcores, factor), e);
  }

  /** Scales every dimension by {@code f}, rounding down. */
  public Resources scale(double f) {
    TreeMap<String, Long> e = new TreeMap<>();
    extras.forEach((k, v) -> e.put(k, (long) Math.floor(v * f)));
    return new Resources((long) Math.floor(memoryMB * f), (long) Math.floor(vcores * f), e);
  }

  /** True when every dimension of this is at most the same dimension of {@code o}. */
  public boolean fitsIn(Resources o) {
    if (memoryMB > o.memoryMB || vcores > o.vcores) return false;
    if (extras.isEmpty()) return true;
    for (Map.Entry<String, Long> en : extras.entrySet()) {
      if (en.getValue() > o.extras.getOrDefault(en.getKey(), 0L)) return false;
    }
    return true;
  }

  public boolean isZero() {
    return memoryMB == 0 && vcores == 0 && extras.isEmpty();
  }

  public boolean isNonNegative() {
    if (memoryMB < 0 || vcores < 0) return false;
    // the empty map's view still makes an iterator: most bundles have no other dimension
    if (extras.isEmpty()) return true;
    for (long v : extras.values()) if (v < 0) return false;
    return true;
  }

  /**
   * How many whole copies of {@code bundle} fit in this vector (dimensions where the bundle is zero
   * do not limit). Returns {@link Long#MAX_VALUE} for a zero bundle; 0 if any dimension of this is
   * negative where the bundle needs some.
   */
  public long fitCount(Resources bundle) {
    long n = Long.MAX_VALUE;
    n = Math.min(n, div(memoryMB, bundle.memoryMB));
    n = Math.min(n, div(vcores, bundle.vcores));
    if (bundle.extras.isEmpty()) return n;
    for (Map.Entry<String, Long> en : bundle.extras.entrySet()) {
      n = Math.min(n, div(extras.getOrDefault(en.getKey(), 0L), en.getValue()));
    }
    return n;
  }

  private static long div(long have, long need) {
    if (need <= 0) return Long.MAX_VALUE;
    return have <= 0 ? 0 : have / need;
  }

  /**
   * The first dimension (memoryMB, vcores, then extras by name) in which this exceeds {@code o}.
   */
  public String firstExceeding(Resources o) {
    if (memoryMB > o.memoryMB) return "memoryMB";
    if (vcores > o.vcores) return "vcores";
    if (extras.isEmpty()) return null;
    for (Map.Entry<String, Long> en : extras.entrySet()) {
      if (en.getValue() > o.extras.getOrDefault(en.getKey(), 0L)) return en.getKey();
    }
    return null;
  }

  public Resources componentMin(Resources o) {
    TreeMap<String, Long> e = new TreeMap<>();
    for (String k : unionKeys(o)) e.put(k, Math.min(get(k), o.get(k)));
    return new Resources(Math.min(memoryMB, o.memoryMB), Math.min(vcores, o.vcores), e);
  }

  public Resources componentMax(Resources o) {
    TreeMap<String, Long> e = new TreeMap<>();
    for (String k : unionKeys(o)) e.put(k, Math.max(get(k), o.get(k)));
    return new Resources(Math.max(memoryMB, o.memoryMB), Math.max(vcores, o.vcores), e);
  }

  private Set<String> unionKeys(Resources o) {
    TreeSet<String> s = new TreeSet<>(extras.keySet());
    s.addAll(o.extras.keySet());
    return s;
  }

  /** Largest ratio this/o over the dimensions where o is positive (dominant share). */
  public double dominantShare(Resources o) {
    double r = 0;
    if (o.memoryMB > 0) r = Math.max(r, (double) memoryMB / o.memoryMB);
    if (o.vcores > 0) r = Math.max(r, (double) vcores / o.vcores);
    // most capacities have no other dimension: no iterator over an empty map then
    if (o.extras.isEmpty()) return r;
    for (Map.Entry<String, Long> en : o.extras.entrySet()) {
      if (en.getValue() > 0) r = Math.max(r, (double) get(en.getKey()) / en.getValue());
    }
    return r;
  }

  /** The RDL bundle syntax: {@code <memoryMB,vcores>} or {@code <memoryMB,vcores,gpu=2>}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder().append('<').append(memoryMB).append(',').append(vcores);
    extras.forEach((k, v) -> sb.append(',').append(k).append('=').append(v));
    return sb.append('>').toString();
  }
}
