package io.rayon.model.plan;

/** {@code bundles} bundles held over the steps {@code [start, end)}. */
public record Step(long start, long end, long bundles) {
  public Step {
    if (end <= start) throw new IllegalArgumentException("empty step [" + start + "," + end + ")");
    if (bundles < 0) {
      throw new IllegalArgumentException(
          "negative bundle count " + bundles + " in step [" + start + "," + end + ")");
    }
  }

  public long length() {
    return end - start;
  }
}
