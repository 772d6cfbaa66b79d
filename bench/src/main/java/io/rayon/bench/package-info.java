/** Benchmarks and paper experiments; each has a main class documented in README.md. */
package io.rayon.bench;
