import type { Area, AreaGeometry } from '@fieldplan/shared';
import { useAppDispatch } from '../../base/hooks';
import { useStaleRecord } from '../../components/use-stale-record';
import { useToast } from '../../components/use-toast';
import { useToastedWrite } from '../../components/use-toasted-write';
import {
  areasApi,
  useCreateAreaMutation,
  useDeleteAreaMutation,
  useUpdateAreaMutation,
} from '../../entities/area/endpoints';
import { useIntl } from '../../lib/i18n';
import type { AreaFormValues } from './AreaForm';

/**
 * Saving areas with If-Match: a stale version (412) keeps the server's area as `conflict` so the
 * screen can say so and offer a reload; field errors are thrown to the form.
 */
export function useAreaWrites(workspaceId: string) {
  const [create] = useCreateAreaMutation();
  const [update] = useUpdateAreaMutation();
  const [remove, removal] = useDeleteAreaMutation();
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const toast = useToast();
  const toasted = useToastedWrite();
  const gone = intl.formatMessage({ id: 'areas.write.gone' });
  const saved = (name: string) => intl.formatMessage({ id: 'areas.write.saved' }, { name });
  const { conflict, setConflict, onStale } = useStaleRecord<Area>(gone, () => {
    void dispatch(areasApi.endpoints.listAreas.initiate(workspaceId, { forceRefetch: true }));
  });

  return {
    conflict,
    deleting: removal.isLoading,
    /** Takes the server's version (after a 412): the list shows it, local edits are dropped. */
    reload: () => {
      if (conflict) {
        dispatch(
          areasApi.util.updateQueryData('listAreas', workspaceId, (list) =>
            list.map((a) => (a.id === conflict.id ? conflict : a)),
          ),
        );
      }
      setConflict(null);
    },
    async create(values: AreaFormValues, geometry: AreaGeometry): Promise<Area> {
      const area = await create({ workspaceId, area: { ...values, geometry } }).unwrap();
      toast({ tone: 'success', message: saved(area.name) });
      return area;
    },
    async update(area: Area, values: AreaFormValues, geometry: AreaGeometry | null): Promise<Area | null> {
      const patch = { ...values, ...(geometry && { geometry }) };
      try {
        const answer = await update({ workspaceId, id: area.id, version: area.version, patch }).unwrap();
        toast({ tone: 'success', message: saved(answer.name) });
        return answer;
      } catch (error) {
        if (onStale(error)) return null;
        throw error;
      }
    },
    remove: (area: Area): Promise<boolean> =>
      toasted(
        () => remove({ workspaceId, id: area.id, version: area.version }).unwrap(),
        intl.formatMessage({ id: 'areas.write.deleted' }, { name: area.name }),
        onStale,
      ),
  };
}
