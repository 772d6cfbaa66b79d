package io.rayon.model.rush;

/** Small numerical helpers of the RUSH model types, shared with the RUSH solver in the engine. */
public final class RushMath {
  private RushMath() {}

  /** erfc(x) with a relative error below 1.2e-7 (the Chebyshev fit of Numerical Recipes' erfcc). */
  public static double erfc(double x) {
    double z = Math.abs(x);
    double t = 1 / (1 + 0.5 * z);
    double r =
        t
            * Math.exp(
                -z * z
                    - 1.26551223
                    + t
                        * (1.00002368
                            + t
                                * (0.37409196
                                    + t
                                        * (0.09678418
                                            + t
                                                * (-0.18628806
                                                    + t
                                                        * (0.27886807
                                                            + t
                                                                * (-1.13520398
                                                                    + t
                                                                        * (1.48851587
                                                                            + t
                                                                                * (-0.82215223
                                                                                    + t
                                                                                        * 0.17087277)))))))));
    return x >= 0 ? r : 2 - r;
  }

  /** φ(a) / (1 − Φ(a)), the inverse Mills ratio of the standard normal; ≈ a far in the tail. */
  static double inverseMills(double a) {
    double tail = 0.5 * erfc(a / Math.sqrt(2));
    double pdf = Math.exp(-0.5 * a * a) / Math.sqrt(2 * Math.PI);
    return tail <= 1e-300 ? a : pdf / tail;
  }
}
