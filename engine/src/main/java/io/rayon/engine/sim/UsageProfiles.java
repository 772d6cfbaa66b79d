package io.rayon.engine.sim;

import io.rayon.model.resources.Resources;
import java.util.Map;

/**
 * How the simulator reads CPU out of a usage phase. The model's vcores are whole numbers, but real
 * tasks use fractions of a core; a usage phase may therefore carry the extra resource {@value
 * #MILLI_VCORES} (thousandths of a vcore), which then takes precedence over {@code vcores}.
 * Importers write it when they know usage finer than a core.
 */
public final class UsageProfiles {
  /** Name of the extra resource holding CPU usage in thousandths of a vcore. */
  public static final String MILLI_VCORES = "millivcores";

  private UsageProfiles() {}

  /** CPU of {@code r} in vcores, using {@value #MILLI_VCORES} when present. */
  public static double cpu(Resources r) {
    Long milli = r.extras().get(MILLI_VCORES);
    return milli != null ? milli / 1000.0 : r.vcores();
  }

  /** A usage vector of {@code memoryMB} and {@code cpu} vcores, keeping thousandths of a vcore. */
  public static Resources usage(long memoryMB, double cpu) {
    long milli = Math.round(cpu * 1000);
    long whole = (long) Math.ceil(milli / 1000.0);
    if (milli == whole * 1000) return Resources.of(memoryMB, whole);
    return Resources.of(memoryMB, whole, Map.of(MILLI_VCORES, milli));
  }
}
