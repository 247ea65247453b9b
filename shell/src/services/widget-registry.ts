import { WIDGET_PREFIXES, type AreaRegistration, type RemoteName, type WidgetComponent, type WidgetRegistry } from '@dossier/shared';

/**
 * Widgets by global name ('documents.recent'): the prefix names the owning area, which is loaded
 * on demand. Areas never import each other; they ask for a widget by name.
 */
export function createWidgetRegistry(areas: {
  load(name: RemoteName): Promise<AreaRegistration>;
  loaded(name: RemoteName): AreaRegistration | undefined;
  enabled(name: RemoteName): boolean;
}): WidgetRegistry {
  const ownerOf = (widget: string): RemoteName | undefined => WIDGET_PREFIXES[widget.split('.')[0] ?? ''];
  return {
    get(name) {
      const owner = ownerOf(name);
      return owner ? (areas.loaded(owner)?.widgets[name] as WidgetComponent | undefined) : undefined;
    },
    async load(name) {
      const owner = ownerOf(name);
      if (!owner || !areas.enabled(owner)) return undefined;
      const module = await areas.load(owner);
      return module.widgets[name] as WidgetComponent | undefined;
    },
    names() {
      return (Object.values(WIDGET_PREFIXES) as RemoteName[]).flatMap((owner) => Object.keys(areas.loaded(owner)?.widgets ?? {}));
    },
  };
}
