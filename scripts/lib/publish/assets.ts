/**
 * The `_astro/` files (scripts, styles, fonts) a release keeps from the builds before its own, so that pages
 * already open in browsers still load theirs: the files of the last ASSET_BUILDS builds, recorded by build in
 * the release's manifest. Without the record every full run linked all the current release's assets into the
 * next one, so the assets of every build ever made piled up, each run linking more of them.
 */
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { linkKeepingTarget } from "./release.ts";

/** Builds whose assets a release holds: its own and the two before it. */
export const ASSET_BUILDS = 3;

/** The files under an `_astro/` folder, as paths relative to it (none when it is missing). */
export function assetFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * Links into a new build's `_astro/` (`to`) the assets it keeps from the current release's (`from`): those of
 * the builds `previous` lists (newest first), or all of `from`'s files as one build when the current release
 * has no such list. Returns the new release's list: its own files first.
 */
export function keepAssets(opts: { from: string; to: string; previous: string[][] | undefined }): string[][] {
  const own = assetFiles(opts.to);
  const builds = [own, ...(opts.previous ?? [assetFiles(opts.from)])].slice(0, ASSET_BUILDS);
  for (const file of new Set(builds.slice(1).flat())) {
    const source = join(opts.from, file);
    if (!existsSync(source)) continue;
    const target = join(opts.to, file);
    mkdirSync(dirname(target), { recursive: true });
    linkKeepingTarget(source, target);
  }
  return builds;
}
