import { type Area, type AreaGeometry, can, memberPalette } from '@fieldplan/shared';
import { useCallback, useMemo, useState } from 'react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmRemoval } from '../../components/ConfirmDialog';
import type { IconName } from '../../components/Icon';
import { useListAreasQuery } from '../../entities/area/endpoints';
import { useGetMembersQuery } from '../../entities/member/endpoints';
import { useGetConfigQuery } from '../../entities/session/endpoints';
import { useGetWorkspaceQuery } from '../../entities/workspace/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { useDocumentTitle } from '../../lib/use-document-title';
import { baseLayerOptions, FieldMap, FitToGeometry, homeBasesOf } from '../map';
import { AreaForm, type AreaFormValues } from './AreaForm';
import { AreaList } from './AreaList';
import { type DrawShape, DrawTool, EditableShape } from './GeomanTools';
import { useAreaWrites } from './use-area-writes';
import '../map/MapPage.css';
import './Areas.css';

const drawHint: Record<DrawShape, MessageDescriptor> = defineMessages({
  Polygon: { id: 'areas.draw.polygonHint' },
  Circle: { id: 'areas.draw.circleHint' },
});

const drawText = defineMessages({
  polygon: { id: 'areas.draw.polygon' },
  circle: { id: 'areas.draw.circle' },
});
const drawTools: { shape: DrawShape; icon: IconName; text: MessageDescriptor }[] = [
  { shape: 'Polygon', icon: 'pencil', text: drawText.polygon },
  { shape: 'Circle', icon: 'circle', text: drawText.circle },
];

/** `/w/:slug/areas`: draw, edit, rename, recolour and delete service areas (read-only without schedule.write). */
export default function AreasPage() {
  const intl = useIntl();
  const { workspaceId, role } = useWorkspace();
  const title = intl.formatMessage({ id: 'areas.page.title' });
  useDocumentTitle(title);
  const settings = useGetWorkspaceQuery(workspaceId);
  const members = useGetMembersQuery(workspaceId);
  const areas = useListAreasQuery(workspaceId);
  const config = useGetConfigQuery();
  const writes = useAreaWrites(workspaceId);
  const canEdit = can(role, 'schedule.write');
  const [search, setSearch] = useSearchParams();
  const selectedId = search.get('area');
  const [drawing, setDrawing] = useState<DrawShape | null>(null);
  const [draft, setDraft] = useState<AreaGeometry | null>(null);
  const [editingShape, setEditingShape] = useState(false);
  const [edited, setEdited] = useState<AreaGeometry | null>(null);
  const [shapeKey, setShapeKey] = useState(0);
  const [colour, setColour] = useState<string>(memberPalette[0]);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const list = areas.data ?? [];
  const selected = list.find((a) => a.id === selectedId) ?? null;
  const bases = useMemo(() => baseLayerOptions(settings.data?.map, config.data?.maps), [settings.data, config.data]);
  const homeBases = useMemo(() => homeBasesOf(members.data ?? []), [members.data]);
  const others = useMemo(() => list.filter((a) => a.id !== selectedId || draft), [list, selectedId, draft]);
  const nextColour = memberPalette[list.length % memberPalette.length] ?? memberPalette[0];

  const resetShape = () => {
    setEdited(null);
    setEditingShape(false);
    setShapeKey((k) => k + 1);
  };
  const choose = (id: string | null) => {
    setDraft(null);
    setDrawing(null);
    resetShape();
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (id) next.set('area', id);
      else next.delete('area');
      return next;
    });
  };
  const startDrawing = (shape: DrawShape) => {
    choose(null);
    setColour(nextColour);
    setDrawing(shape);
  };
  const onColour = useCallback((c: string) => setColour(c), []);

  if (settings.error || areas.error) {
    return (
      <div className="areas-page areas-failed">
        <Alert title={intl.formatMessage({ id: 'areas.page.loadFailed' })}>
          {problemMessage(toProblem(settings.error ?? areas.error))}
        </Alert>
      </div>
    );
  }
  if (!settings.data) return <div className="areas-page" aria-busy="true" />;

  const saveNew = async (values: AreaFormValues) => {
    if (!draft) return;
    const area = await writes.create(values, draft);
    choose(area.id);
  };
  const saveSelected = async (values: AreaFormValues) => {
    if (!selected) return;
    const saved = await writes.update(selected, values, edited);
    if (saved) resetShape();
  };
  const conflictNotice = writes.conflict && (
    <Alert title={intl.formatMessage({ id: 'areas.conflict.title' })}>
      <p>
        <Message id="areas.conflict.text" values={{ version: writes.conflict.version }} />
      </p>
      <Button
        size="sm"
        onClick={() => {
          writes.reload();
          resetShape();
        }}
      >
        <Message id="areas.conflict.reload" />
      </Button>
    </Alert>
  );

  return (
    <div className="areas-page map-page">
      <aside className="map-side areas-side" aria-label={title}>
        <header className="areas-header">
          <h1>{title}</h1>
          {canEdit && (
            <div className="areas-tools">
              {drawTools.map(({ shape, icon, text }) => (
                <Button
                  key={shape}
                  size="sm"
                  icon={icon}
                  onClick={() => startDrawing(shape)}
                  aria-pressed={drawing === shape}
                >
                  {intl.formatMessage(text)}
                </Button>
              ))}
            </div>
          )}
          {!canEdit && (
            <p className="areas-note">
              <Message id="areas.page.viewOnly" />
            </p>
          )}
        </header>
        {drawing && (
          <div className="areas-hint" role="status">
            <p>{intl.formatMessage(drawHint[drawing])}</p>
            <Button size="sm" variant="ghost" onClick={() => setDrawing(null)}>
              <Message id="areas.draw.cancel" />
            </Button>
          </div>
        )}
        {draft && (
          <AreaForm
            title={intl.formatMessage({ id: 'areas.form.newTitle' })}
            defaults={{ name: '', colour: nextColour }}
            geometry={draft}
            onSave={saveNew}
            onCancel={() => setDraft(null)}
            onColour={onColour}
            saveLabel={intl.formatMessage({ id: 'areas.form.saveNew' })}
          />
        )}
        {selected && !draft && canEdit && (
          <AreaForm
            key={`${selected.id}:${selected.version}`}
            title={selected.name}
            defaults={{ name: selected.name, colour: selected.colour }}
            geometry={edited ?? selected.geometry}
            onSave={saveSelected}
            onColour={onColour}
            saveLabel={intl.formatMessage({ id: 'areas.form.saveChanges' })}
            notice={conflictNotice}
            extra={
              <div className="area-shape-actions">
                {editingShape ? (
                  <Button size="sm" onClick={resetShape}>
                    <Message id="areas.shape.undo" />
                  </Button>
                ) : (
                  <Button size="sm" icon="pencil" onClick={() => setEditingShape(true)}>
                    <Message id="areas.shape.edit" />
                  </Button>
                )}
                <Button size="sm" variant="ghost" icon="trash" onClick={() => setConfirmDelete(true)}>
                  <Message id="areas.form.delete" />
                </Button>
              </div>
            }
          />
        )}
        <AreaList
          areas={list}
          selectedId={draft ? null : selectedId}
          onSelect={(a: Area) => choose(a.id)}
          canEdit={canEdit}
        />
        {canEdit && !selected && !draft && !drawing && list.length > 0 && (
          <p className="areas-note">
            <Message id="areas.page.chooseHint" />
          </p>
        )}
      </aside>
      <FieldMap
        className="map-main"
        label={intl.formatMessage({ id: 'areas.page.mapLabel' })}
        zone={settings.data.timeZone}
        areas={others}
        homeBases={homeBases}
        defaultView={{ center: settings.data.map.center, zoom: settings.data.map.zoom }}
        baseLayers={bases}
        onSelectArea={(id) => !drawing && choose(id)}
      >
        <FitToGeometry geometry={selected?.geometry ?? null} fitKey={draft ? null : selectedId} />
        {canEdit && (
          <DrawTool
            shape={drawing}
            colour={colour}
            onDrawn={(geometry) => {
              setDrawing(null);
              setDraft(geometry);
              setShapeKey((k) => k + 1);
            }}
            onCancel={() => setDrawing(null)}
          />
        )}
        {draft && (
          <EditableShape geometry={draft} colour={colour} editable shapeKey={`draft-${shapeKey}`} onChange={setDraft} />
        )}
        {selected && !draft && (
          <EditableShape
            geometry={selected.geometry}
            colour={canEdit ? colour : selected.colour}
            editable={editingShape}
            shapeKey={`${selected.id}-${selected.version}-${shapeKey}`}
            onChange={setEdited}
          />
        )}
      </FieldMap>
      <ConfirmRemoval
        target={confirmDelete ? selected : null}
        verb="Delete"
        noun={intl.formatMessage({ id: 'areas.delete.noun' })}
        description={intl.formatMessage({ id: 'areas.delete.description' })}
        busy={writes.deleting}
        onConfirm={async (area) => {
          if (await writes.remove(area)) choose(null);
        }}
        onClose={() => setConfirmDelete(false)}
      />
    </div>
  );
}
